import { getBuildInfo } from "./build-info.server";
import { mailDelivery } from "./mail-delivery.server";

/**
 * What /readyz's JSON adds to the verdict for an operator: the release this instance runs and the
 * problems that do not make it unready but must not go unnoticed (`warnings`, one line each, naming
 * the variable that fixes it). Read from memory only: a load balancer may ask every second.
 */
export function readinessDetails() {
  const build = getBuildInfo();
  const mail = mailDelivery();
  return {
    build: { id: build.buildId, commit: build.commit, version: build.version },
    email: { delivery: mail.mode },
    warnings: [mail.warning].filter((warning): warning is string => warning !== null),
  };
}

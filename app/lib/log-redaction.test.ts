import { describe, expect, it } from "vitest";
import { redactUrlSecrets } from "./log-redaction";

describe("redactUrlSecrets", () => {
  it("hides reset and unsubscribe tokens, payment sessions and e-mails", () => {
    expect(redactUrlSecrets("/reset-password?token=abc123")).toBe("/reset-password?token=***");
    expect(redactUrlSecrets("/unsubscribe?t=1&token=x&email=a%40b.mx")).toBe("/unsubscribe?t=1&token=***&email=***");
    expect(redactUrlSecrets("/success?session_id=cs_test_123")).toBe("/success?session_id=***");
  });

  it("keeps everything else exactly as sent", () => {
    expect(redactUrlSecrets("/search?q=anillo%20oro&page=2")).toBe("/search?q=anillo%20oro&page=2");
    expect(redactUrlSecrets("/producto/5")).toBe("/producto/5");
  });
});

import { describe, expect, it } from "vitest";
import { redactSecretsInText, redactUrlSecrets } from "./log-redaction";

describe("redactUrlSecrets", () => {
  it("hides reset and unsubscribe tokens, payment sessions and e-mails", () => {
    expect(redactUrlSecrets("/reset-password?token=abc123")).toBe("/reset-password?token=***");
    expect(redactUrlSecrets("/unsubscribe?t=1&token=x&email=a%40b.mx")).toBe("/unsubscribe?t=1&token=***&email=***");
    expect(redactUrlSecrets("/success?session_id=cs_test_123")).toBe("/success?session_id=***");
  });

  it("hides the cancel page's key (it cancels the order)", () => {
    expect(redactUrlSecrets("/cancel?pedido=12&clave=a1b2c3d4e5")).toBe("/cancel?pedido=12&clave=***");
    expect(redactUrlSecrets("/cancel?clave=a1b2c3d4e5&pedido=12")).toBe("/cancel?clave=***&pedido=12");
  });

  it("keeps everything else exactly as sent", () => {
    expect(redactUrlSecrets("/search?q=anillo%20oro&page=2")).toBe("/search?q=anillo%20oro&page=2");
    expect(redactUrlSecrets("/producto/5")).toBe("/producto/5");
  });
});

describe("redactSecretsInText", () => {
  it("masks secret query values wherever a URL appears in a log line", () => {
    const line = JSON.stringify({
      level: "error",
      msg: "payments: creating the checkout session failed",
      err: {
        message: "Invalid URL https://tienda.example/cancel?pedido=7&clave=s3cr3t-key-value for cancel_url",
        stack: "Error: GET /reset-password?token=abc123&x=1\n    at f (file.js:1:1)",
      },
    });
    const redacted = redactSecretsInText(line);
    expect(redacted).not.toContain("s3cr3t-key-value");
    expect(redacted).not.toContain("abc123");
    expect(redacted).toContain("/cancel?pedido=7&clave=*** for cancel_url");
    expect(redacted).toContain("/reset-password?token=***&x=1");
    expect(JSON.parse(redacted)).toMatchObject({ level: "error" });
  });

  it("leaves everything else as it was", () => {
    const line = '{"path":"/search?q=anillo%20oro&page=2","msg":"request","a":"x=1"}';
    expect(redactSecretsInText(line)).toBe(line);
    expect(redactSecretsInText('{"path":"/cancel?pedido=1&clave=***"}')).toBe('{"path":"/cancel?pedido=1&clave=***"}');
  });
});

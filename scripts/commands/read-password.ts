/**
 * A password for a command: from a terminal, typed twice without echo; otherwise from ADMIN_PASSWORD,
 * or else the first line of standard input (`printf '%s\n' "$PASSWORD" | … create-admin …`).
 */
export async function readPassword(): Promise<string> {
  if (process.env.ADMIN_PASSWORD) return process.env.ADMIN_PASSWORD;
  if (!process.stdin.isTTY) return firstLine();
  const password = await ask("Password: ");
  const again = await ask("Password again: ");
  if (password !== again) throw new Error("The two passwords differ.");
  return password;
}

async function firstLine(): Promise<string> {
  let text = "";
  for await (const chunk of process.stdin) {
    text += String(chunk);
    if (text.includes("\n")) break;
  }
  return text.split(/\r?\n/)[0] ?? "";
}

/** Reads one line from the terminal in raw mode, echoing nothing. Ctrl-C cancels. */
function ask(prompt: string): Promise<string> {
  const { stdin, stderr } = process;
  stderr.write(prompt);
  stdin.setRawMode(true);
  stdin.resume();
  stdin.setEncoding("utf8");
  return new Promise((resolve, reject) => {
    let typed = "";
    const done = (error?: Error) => {
      stdin.setRawMode(false);
      stdin.pause();
      stdin.off("data", onData);
      stderr.write("\n");
      if (error) reject(error);
      else resolve(typed);
    };
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === "\r" || char === "\n") return done();
        if (char === "\u0003") return done(new Error("Cancelled."));
        if (char === "\u007f" || char === "\b") typed = typed.slice(0, -1);
        else if (char >= " ") typed += char;
      }
    };
    stdin.on("data", onData);
  });
}

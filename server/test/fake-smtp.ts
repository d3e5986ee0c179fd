import net from "node:net";

// A tiny SMTP server for tests (a fake of the third party, not of our code): it speaks just enough
// SMTP for nodemailer, refuses the first `failFirst` messages with a temporary error naming the
// recipient (as real servers do), and keeps what it accepted.

export interface FakeSmtp {
  url: string;
  /** messages accepted: the recipients and the raw DATA */
  received: { to: string[]; data: string }[];
  /** how many messages were attempted (refused ones included) */
  attempts: number;
  /** refuse this many more messages (Infinity: refuse every one) */
  failNext: number;
  close(): Promise<void>;
}

export async function startFakeSmtp(options: { failFirst?: number } = {}): Promise<FakeSmtp> {
  const sockets = new Set<net.Socket>();
  const fake: FakeSmtp = {
    url: "",
    received: [],
    attempts: 0,
    failNext: options.failFirst ?? 0,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.setEncoding("utf8");
    let buffer = "";
    let inData = false;
    let data = "";
    let to: string[] = [];
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply("220 fake.test ESMTP");
    socket.on("data", (chunk: string) => {
      buffer += chunk;
      for (;;) {
        const end = buffer.indexOf("\r\n");
        if (end < 0) return;
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (inData) {
          if (line === ".") {
            inData = false;
            fake.received.push({ to, data });
            reply("250 2.0.0 queued");
          } else data += `${line}\n`;
          continue;
        }
        const command = line.slice(0, 4).toUpperCase();
        if (command === "EHLO" || command === "HELO") reply("250 fake.test");
        else if (command === "MAIL") {
          to = [];
          data = "";
          reply("250 2.1.0 ok");
        } else if (command === "RCPT") {
          const recipient = /<([^>]*)>/.exec(line)?.[1] ?? "";
          if (to.length === 0) fake.attempts += 1;
          if (fake.failNext > 0) {
            fake.failNext -= 1;
            reply(`451 4.3.0 <${recipient}>: mailbox busy, try again later`);
          } else {
            to.push(recipient);
            reply("250 2.1.5 ok");
          }
        } else if (command === "DATA") {
          inData = true;
          reply("354 go ahead");
        } else if (command === "RSET") reply("250 ok");
        else if (command === "QUIT") {
          reply("221 bye");
          socket.end();
        } else reply("502 5.5.2 not implemented");
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as net.AddressInfo).port;
  fake.url = `smtp://127.0.0.1:${port}`;
  return fake;
}

// Requests Node's HTTP parser refuses before Express sees them (a 100 KB search in the URL, a malformed
// request line) get a short Spanish page instead of Node's bare "431"/"400" with no body: hostile or
// mistaken input is answered with a 4xx a person can read (decision 008).

const PAGES = {
  431: {
    reason: "Request Header Fields Too Large",
    title: "Solicitud demasiado larga",
    text: "La dirección o los datos enviados son demasiado largos. Acorta tu búsqueda e inténtalo de nuevo.",
  },
  400: {
    reason: "Bad Request",
    title: "Solicitud no válida",
    text: "No pudimos entender la solicitud. Vuelve a la página anterior e inténtalo de nuevo.",
  },
  405: {
    reason: "Method Not Allowed",
    title: "Método no permitido",
    text: "La tienda no atiende este tipo de solicitud.",
  },
};

/** The raw HTTP answer for a parser error: 431 for oversized headers or URL, 400 for anything else. */
export function clientErrorResponse(code) {
  return rawPage(code === "HPE_HEADER_OVERFLOW" ? 431 : 400);
}

function rawPage(status) {
  const page = PAGES[status];
  const body =
    `<!DOCTYPE html><html lang="es-MX"><head><meta charset="utf-8"><title>${page.title}</title></head>` +
    `<body><h1>${page.title}</h1><p>${page.text}</p><p><a href="/">Ir a la tienda</a></p></body></html>\n`;
  return (
    `HTTP/1.1 ${status} ${page.reason}\r\n` +
    "Content-Type: text/html; charset=utf-8\r\n" +
    `Content-Length: ${Buffer.byteLength(body)}\r\n` +
    "Cache-Control: no-store\r\n" +
    "X-Content-Type-Options: nosniff\r\n" +
    (status === 405 ? "Allow: GET, HEAD, POST\r\n" : "") +
    "Connection: close\r\n\r\n" +
    body
  );
}

/** `server.on("clientError", answerClientError)`: answers when the socket can still be written, else closes it. */
export function answerClientError(error, socket) {
  if (error?.code === "ECONNRESET" || !socket.writable || socket.writableEnded) {
    socket.destroy();
    return;
  }
  socket.end(clientErrorResponse(error?.code));
}

/**
 * `server.on("connect", refuseConnect)`: a CONNECT (a proxy tunnel) never reaches Express, and without a
 * listener Node closed the connection without a word. The shop is no proxy: a Spanish 405.
 */
export function refuseConnect(_req, socket) {
  if (!socket.writable) return socket.destroy();
  socket.end(rawPage(405));
}

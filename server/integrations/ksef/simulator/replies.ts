// How the simulator answers, in KSeF API 2.0's shapes (reference/ksef/open-api.json): JSON bodies,
// the ExceptionResponse of a 400, the problem details of a 401, the 429 body with Retry-After.

export function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json", ...headers },
  });
}

/** KSeF's 400: `{ exception: { exceptionDetailList: [{ exceptionCode, exceptionDescription, details }] } }`. */
export function exception(
  code: number,
  description: string,
  details: string[] = [],
  referenceNumber?: string,
): Response {
  return json(400, {
    exception: {
      exceptionDetailList: [{ exceptionCode: code, exceptionDescription: description, details }],
      referenceNumber: referenceNumber ?? null,
      serviceCode: "ksef-simulator",
      serviceName: "ksef-simulator",
      timestamp: new Date().toISOString(),
    },
  });
}

export function unauthorized(detail: string): Response {
  return new Response(
    JSON.stringify({ title: "Unauthorized", status: 401, detail, timestamp: new Date().toISOString() }),
    { status: 401, headers: { "content-type": "application/problem+json" } },
  );
}

export function tooManyRequests(retryAfterSeconds: number): Response {
  return json(
    429,
    {
      status: {
        code: 429,
        description: "Too Many Requests",
        details: [`Przekroczono limit żądań. Spróbuj ponownie po ${retryAfterSeconds} s.`],
      },
    },
    { "retry-after": String(retryAfterSeconds) },
  );
}

export function serverError(): Response {
  return json(500, { title: "Internal Server Error", status: 500, detail: "Simulated KSeF failure" });
}

export function notFound(): Response {
  return json(404, { title: "Not Found", status: 404, detail: "No such KSeF API path" });
}

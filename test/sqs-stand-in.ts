/**
 * An SQS stand-in for the SQS sample test: an HTTP server on 127.0.0.1 that the samples reach
 * through AWS_ENDPOINT_URL. It answers GetQueueUrl, SendMessage and ReceiveMessage in both the
 * protocols SQS clients speak: AWS JSON 1.0 (`X-Amz-Target: AmazonSQS.<Action>`, the SDK for
 * JavaScript v3 and boto3 from 1.31) and the older query protocol (form-encoded `Action=…`, XML
 * answers: Debian 12's boto3 1.26). Each answer carries the MD5 of the body, as SQS does and as
 * the clients check. It records what it is sent (queue, body, attributes, the access key the
 * request was signed with) and refuses any other action, so that a sample needing more fails.
 */
import { createHash, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SentMessage {
  queue: string;
  body: Buffer;
  attributes: Record<string, string>;
  /** The access key id of the request's signature (`Credential=<id>/…`), '' when unsigned. */
  accessKey: string;
}

export interface SqsStandIn {
  /** The endpoint to give the samples as AWS_ENDPOINT_URL. */
  endpoint: string;
  sent: SentMessage[];
  /** Messages ReceiveMessage hands out, by queue name (each once). */
  waiting: Map<string, Buffer[]>;
  /** Requests it did not answer, as "protocol Action". */
  refused: string[];
  stop: () => Promise<void>;
}

const md5 = (bytes: Buffer): string => createHash('md5').update(bytes).digest('hex');
const xmlText = (text: string): string => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

type Request = { action: string; queueName?: string; queueUrl?: string; body?: string; attributes: Record<string, string> };

/** An action's parameters from a JSON 1.0 request. */
function fromJson(target: string, text: string): Request {
  const input = JSON.parse(text) as {
    QueueName?: string;
    QueueUrl?: string;
    MessageBody?: string;
    MessageAttributes?: Record<string, { StringValue?: string }>;
  };
  const attributes = Object.fromEntries(Object.entries(input.MessageAttributes ?? {}).map(([n, v]) => [n, v.StringValue ?? '']));
  return { action: target.replace(/^AmazonSQS\./, ''), queueName: input.QueueName, queueUrl: input.QueueUrl, body: input.MessageBody, attributes };
}

/** An action's parameters from a query-protocol request (`MessageAttribute.N.Name` / `.Value.StringValue`). */
function fromQuery(text: string): Request {
  const form = new URLSearchParams(text);
  const attributes: Record<string, string> = {};
  for (let n = 1; form.has(`MessageAttribute.${n}.Name`); n++)
    attributes[form.get(`MessageAttribute.${n}.Name`)!] = form.get(`MessageAttribute.${n}.Value.StringValue`) ?? '';
  return {
    action: form.get('Action') ?? '',
    queueName: form.get('QueueName') ?? undefined,
    queueUrl: form.get('QueueUrl') ?? undefined,
    body: form.get('MessageBody') ?? undefined,
    attributes,
  };
}

export async function startSqsStandIn(): Promise<SqsStandIn> {
  const sent: SentMessage[] = [];
  const waiting = new Map<string, Buffer[]>();
  const refused: string[] = [];
  let endpoint = '';
  const queueOf = (url: string | undefined): string => decodeURIComponent((url ?? '').split('/').pop() ?? '');

  /** The answer's fields by action, or undefined for an action the stand-in does not answer. */
  const answer = (r: Request, accessKey: string): Record<string, unknown> | undefined => {
    if (r.action === 'GetQueueUrl') return { QueueUrl: `${endpoint}/000000000000/${encodeURIComponent(r.queueName ?? '')}` };
    if (r.action === 'SendMessage') {
      const body = Buffer.from(r.body ?? '', 'utf8');
      sent.push({ queue: queueOf(r.queueUrl), body, attributes: r.attributes, accessKey });
      return { MD5OfMessageBody: md5(body), MessageId: randomUUID() };
    }
    if (r.action === 'ReceiveMessage') {
      const body = waiting.get(queueOf(r.queueUrl))?.shift();
      return { Messages: body ? [{ MessageId: randomUUID(), ReceiptHandle: randomUUID(), MD5OfBody: md5(body), Body: body.toString('utf8') }] : [] };
    }
    return undefined;
  };

  const respond = (request: IncomingMessage, response: ServerResponse, text: string): void => {
    const accessKey = /Credential=([^/,\s]+)\//.exec(request.headers.authorization ?? '')?.[1] ?? '';
    const target = request.headers['x-amz-target'];
    if (typeof target === 'string') {
      const r = fromJson(target, text);
      const fields = answer(r, accessKey);
      if (!fields) refused.push(`json ${r.action}`);
      response.writeHead(fields ? 200 : 400, { 'Content-Type': 'application/x-amz-json-1.0' });
      response.end(JSON.stringify(fields ?? { __type: 'com.amazonaws.sqs#InvalidAction', message: `${r.action} is not answered here` }));
      return;
    }
    const r = fromQuery(text);
    const fields = answer(r, accessKey);
    if (!fields) {
      refused.push(`query ${r.action}`);
      response.writeHead(400, { 'Content-Type': 'text/xml' }).end('<ErrorResponse><Error><Code>InvalidAction</Code></Error></ErrorResponse>');
      return;
    }
    const inner = Array.isArray(fields.Messages)
      ? (fields.Messages as Record<string, string>[])
          .map(
            (m) =>
              `<Message>${Object.entries(m)
                .map(([k, v]) => `<${k}>${xmlText(v)}</${k}>`)
                .join('')}</Message>`,
          )
          .join('')
      : Object.entries(fields)
          .map(([k, v]) => `<${k}>${xmlText(String(v))}</${k}>`)
          .join('');
    response.writeHead(200, { 'Content-Type': 'text/xml' });
    response.end(
      `<?xml version="1.0"?><${r.action}Response xmlns="http://queue.amazonaws.com/doc/2012-11-05/"><${r.action}Result>${inner}</${r.action}Result><ResponseMetadata><RequestId>${randomUUID()}</RequestId></ResponseMetadata></${r.action}Response>`,
    );
  };

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      try {
        respond(request, response, Buffer.concat(chunks).toString('utf8'));
      } catch (error) {
        refused.push(`unreadable request: ${String(error)}`);
        response.writeHead(400).end();
      }
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { endpoint, sent, waiting, refused, stop: () => new Promise((done) => server.close(() => done())) };
}

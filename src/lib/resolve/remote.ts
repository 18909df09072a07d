/**
 * Fetching remote `$ref` targets, only with --allow-remote-refs. Runs before resolution (which
 * is synchronous) and hands the fetched documents to ResolvedDoc. Each fetch has a timeout and a
 * size cap, so a slow or endless server cannot hang or exhaust the build.
 */
import type { Problem } from '../diagnostics/diagnostic.ts';
import type { LoadLimits } from '../load/limits.ts';
import { formatOf } from '../load/parse.ts';
import { loadSourceFile, loadText, formatBytes, type SourceFile } from '../load/source-file.ts';
import { isRefObject } from './resolved-doc.ts';
import { targetOf, type RefPolicy } from './ref-target.ts';

export interface RemoteOptions {
  timeoutMs: number;
  /** Most remote documents fetched for one input, so a crafted chain cannot crawl the web. */
  maxDocuments: number;
}

export const defaultRemoteOptions: RemoteOptions = { timeoutMs: 10_000, maxDocuments: 50 };

export async function fetchRemoteRefs(
  root: SourceFile,
  policy: RefPolicy,
  limits: LoadLimits,
  options: RemoteOptions = defaultRemoteOptions,
): Promise<{ files: Map<string, SourceFile>; problems: Problem[] }> {
  const files = new Map<string, SourceFile>();
  const problems: Problem[] = [];
  const seen = new Set<string>([root.path]);
  const queue: SourceFile[] = [root];
  for (let file = queue.shift(); file; file = queue.shift()) {
    for (const ref of collectRefs(file.value)) {
      const target = targetOf(ref, file.path, policy);
      if (target.kind !== 'file' && target.kind !== 'remote') continue;
      if (seen.has(target.document)) continue;
      seen.add(target.document);
      if (target.kind === 'file') {
        const local = loadSourceFile(target.document, limits).file;
        if (local) queue.push(local);
        continue;
      }
      if (files.size >= options.maxDocuments) {
        problems.push(
          remoteProblem(
            file.path,
            `more than ${options.maxDocuments} remote documents are referenced; ${target.document} was not fetched`,
            'Bundle the remote documents into local files.',
          ),
        );
        continue;
      }
      const fetched = await fetchDocument(target.document, limits, options);
      problems.push(...fetched.problems);
      if (fetched.file) {
        files.set(target.document, fetched.file);
        queue.push(fetched.file);
      }
    }
  }
  return { files, problems };
}

async function fetchDocument(url: string, limits: LoadLimits, options: RemoteOptions): Promise<{ file?: SourceFile; problems: Problem[] }> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(options.timeoutMs), redirect: 'follow' });
    if (!response.ok) return { problems: [remoteProblem(url, `fetching ${url} answered HTTP ${response.status}`, 'Check the URL.')] };
    const declared = Number(response.headers.get('content-length') ?? '0');
    if (declared > limits.maxBytes) return { problems: [tooLarge(url, declared, limits)] };
    const chunks: Uint8Array[] = [];
    let size = 0;
    const reader = response.body?.getReader();
    for (let r = await reader?.read(); r && !r.done; r = await reader?.read()) {
      size += r.value.length;
      if (size > limits.maxBytes) {
        await reader?.cancel();
        return { problems: [tooLarge(url, size, limits)] };
      }
      chunks.push(r.value);
    }
    const text = new TextDecoder('utf-8').decode(Buffer.concat(chunks));
    const json = /json/i.test(response.headers.get('content-type') ?? '') ? 'json' : formatOf(new URL(url).pathname);
    return loadText(url, text, json, limits);
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
    const reason = timedOut ? `timed out after ${options.timeoutMs} ms` : fetchFailure(error);
    return { problems: [remoteProblem(url, `fetching ${url} failed: ${reason}`, 'Check the URL and the network, or copy the file into the input folder.')] };
  }
}

/** Why a fetch failed, by the system's error code: in words, not the runtime's text ("getaddrinfo ENOTFOUND …"). */
function fetchFailure(error: unknown): string {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  const code = cause instanceof Error && 'code' in cause && typeof cause.code === 'string' ? cause.code : '';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'the host name was not found';
  if (code === 'ECONNREFUSED') return 'the server refused the connection';
  if (code === 'ECONNRESET' || code === 'UND_ERR_SOCKET') return 'the connection was closed before the answer was complete';
  if (code === 'ETIMEDOUT' || code === 'UND_ERR_CONNECT_TIMEOUT') return 'the connection timed out';
  if (code === 'EHOSTUNREACH' || code === 'ENETUNREACH') return 'the network cannot reach the host';
  if (/CERT|SELF_SIGNED|UNABLE_TO_VERIFY/.test(code)) return "the server's TLS certificate was not accepted";
  if (error instanceof TypeError && !(error.cause instanceof Error)) return 'the URL cannot be fetched';
  return 'the connection failed';
}

function tooLarge(url: string, size: number, limits: LoadLimits): Problem {
  return remoteProblem(
    url,
    `${url} is larger than ${formatBytes(limits.maxBytes)} (at least ${formatBytes(size)})`,
    'Copy a smaller file into the input folder.',
  );
}

function remoteProblem(file: string, message: string, hint: string): Problem {
  return { code: 'ref-remote', severity: 'error', message, hint, at: { file, pointer: '' } };
}

/** Every `$ref` string in a value (iterative: inputs may be deep). */
export function collectRefs(value: unknown): string[] {
  const refs: string[] = [];
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (typeof v !== 'object' || v === null) continue;
    if (isRefObject(v)) refs.push(v.$ref);
    for (const child of Array.isArray(v) ? v : Object.values(v)) stack.push(child);
  }
  return refs;
}

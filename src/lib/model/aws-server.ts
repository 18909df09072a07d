/**
 * What a reader of an AWS messaging server (protocol `sns`, `sqs`) needs beside the document's own
 * URL: `sns://sns.{region}.amazonaws.com` names the protocol, but no client opens such a URL. The
 * AWS CLI and SDKs call the service's HTTPS endpoint (`https://sns.{region}.amazonaws.com`), and
 * address a topic by its ARN (`arn:aws:sns:{region}:{account}:{topic}`) or a queue by its URL. The
 * region is read from the host (a `{region}` variable stays one); the account from the ARNs the
 * document writes (a policy's resource, a subscription's endpoint), else left to the reader.
 */

/** The AWS services whose servers this explains, by protocol: what a client addresses there. */
const SERVICES: Readonly<Record<string, { label: string; row: string }>> = {
  sns: { label: 'Topic ARN', row: 'topic ARN' },
  sqs: { label: 'Queue URL', row: 'queue URL' },
};

/** An AWS service host: `sns.eu-west-1.amazonaws.com`, `sqs.{region}.amazonaws.com.cn`. */
const AWS_HOST = /^(sns|sqs)\.([^.]+)\.amazonaws\.com(\.cn)?$/;
/** An ARN that names an account: its partition and its 12 digits. */
const ACCOUNT_IN_ARN = /\barn:aws(?:-[a-z-]+)?:[a-z0-9-]+:[^:\s]*:(\d{12}):/g;
/** Strings of the document read for ARNs at most: the account is looked up, not the whole document walked without end. */
const MAX_STRINGS = 20_000;

export interface AwsServerView {
  /** The HTTPS endpoint clients call, as a template (`https://sns.{region}.amazonaws.com`). */
  endpoint: string;
  /** How one of the service's resources is addressed, as a template, with its label ("Topic ARN") and its name in a block ("topic ARN"). */
  resource: { label: string; row: string; template: string };
  /** The account the document's ARNs name, when they name exactly one. */
  account?: string;
  /** How many accounts the document's ARNs name (0: none, the reader fills in theirs). */
  accounts: number;
}

/** The accounts the ARNs written in `value` name, each once, in the order met. */
export function accountsInArns(value: unknown): string[] {
  const found = new Set<string>();
  const stack: unknown[] = [value];
  let strings = 0;
  while (stack.length > 0 && strings < MAX_STRINGS) {
    const next = stack.pop();
    if (typeof next === 'string') {
      strings++;
      for (const m of next.matchAll(ACCOUNT_IN_ARN)) found.add(m[1]!);
    } else if (Array.isArray(next)) stack.push(...[...next].reverse());
    else if (next !== null && typeof next === 'object') stack.push(...Object.values(next).reverse());
  }
  return [...found];
}

const accountCache = new WeakMap<object, string | undefined>();

/**
 * The one account the document's ARNs name, if they name exactly one: what every page says of the
 * account (a server's topic ARN, an operation's commands), so that none says 123456789012 while
 * another asks the reader for theirs. Undefined: none, or several; the reader's own account then.
 * Read once per document.
 */
export function documentAccount(root: unknown): string | undefined {
  if (root === null || typeof root !== 'object') return undefined;
  if (accountCache.has(root)) return accountCache.get(root);
  const accounts = accountsInArns(root);
  const account = accounts.length === 1 ? accounts[0] : undefined;
  accountCache.set(root, account);
  return account;
}

/** The view of a server of an AWS service, or undefined for any other server (another protocol, or a host that is not AWS's). */
export function awsServerView(protocol: string, host: string, accounts: readonly string[]): AwsServerView | undefined {
  const service = Object.hasOwn(SERVICES, protocol) ? SERVICES[protocol] : undefined;
  const match = AWS_HOST.exec(host);
  if (!service || !match || match[1] !== protocol) return undefined;
  const region = match[2]!;
  const partition = match[3] ? 'aws-cn' : 'aws';
  const account = accounts.length === 1 ? accounts[0]! : '{account-id}';
  const template = protocol === 'sns' ? `arn:${partition}:sns:${region}:${account}:{topic-name}` : `https://${host}/${account}/{queue-name}`;
  return {
    endpoint: `https://${host}`,
    resource: { label: service.label, row: service.row, template },
    ...(accounts.length === 1 ? { account: accounts[0]! } : {}),
    accounts: accounts.length,
  };
}

/** Where the resource's parts come from, in words: the region, the account, the name. */
export function awsResourceNote(protocol: string, view: AwsServerView): string {
  const name = protocol === 'sns' ? 'the topic’s name (each channel page names it)' : 'the queue’s name';
  const account = view.account
    ? `account ${view.account} (from the document’s ARNs)`
    : view.accounts > 1
      ? `your account ID (the document’s ARNs name ${view.accounts} accounts)`
      : 'your AWS account ID (the document does not give it)';
  return `The endpoint’s region, ${account}, and ${name}.`;
}

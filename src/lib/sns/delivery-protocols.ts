/**
 * Which sns subscriptions follow a declared delivery policy (Amazon SNS "message delivery
 * retries"): only HTTP(S) ones. AWS fixes the retries of the others: AWS managed endpoints (SQS,
 * Lambda, Firehose) and customer managed ones (e-mail, SMS, mobile push). Used by validation (a
 * policy declared where it does nothing) and by the model (the retries a subscription really gets).
 */
export type FixedPolicy = 'aws-managed' | 'customer-managed';

const PROTOCOL_POLICY: Record<string, FixedPolicy> = {
  sqs: 'aws-managed',
  lambda: 'aws-managed',
  firehose: 'aws-managed',
  email: 'customer-managed',
  'email-json': 'customer-managed',
  sms: 'customer-managed',
  application: 'customer-managed',
};

/** The policy AWS fixes for a protocol; undefined for HTTP(S) (and unknown protocols), which follow the declared one. */
export function fixedPolicyOf(protocol: unknown): FixedPolicy | undefined {
  return typeof protocol === 'string' && Object.hasOwn(PROTOCOL_POLICY, protocol) ? PROTOCOL_POLICY[protocol] : undefined;
}

/** NATS in Go: nats.go, with the binding's queue group on the subscriber and the message's headers. */
import { clientCertificate, GO_TLS_IMPORTS, goTlsConfig } from '../client-certificate.ts';
import { GO_CHECK, goEnv, goProgram, goString } from '../code-text.ts';
import { goPayload } from '../payload-literal.ts';
import type { SampleTarget } from '../sample-target.ts';

function options(t: SampleTarget): string {
  const c = t.credentials;
  if (c?.kind === 'user-password') return `, nats.UserInfo(${goEnv(c.user)}, ${goEnv(c.password)})`;
  if (c?.kind === 'bearer') return `, nats.Token(${goEnv(c.variable)})`;
  if (c?.kind === 'client-certificate') return ', nats.Secure(tlsConfig)';
  return '';
}

export function go(t: SampleTarget): string {
  const payload = goPayload(t);
  const url = `${t.secure ? 'tls' : 'nats'}://${t.host}:${t.port ?? 4222}`;
  const cert = clientCertificate(t);
  const imports = ['log', t.credentials && 'os', ...(cert ? GO_TLS_IMPORTS : []), 'github.com/nats-io/nats.go'];
  const connect = [...(cert ? goTlsConfig(cert) : []), `nc, err := nats.Connect(${goString(url)}${options(t)})`, ...GO_CHECK];
  if (t.role === 'subscribe')
    return goProgram(
      [...imports, 'fmt'],
      [
        ...connect,
        t.nats.queue
          ? `_, err = nc.QueueSubscribe(${goString(t.address)}, ${goString(t.nats.queue)}, func(message *nats.Msg) {`
          : `_, err = nc.Subscribe(${goString(t.address)}, func(message *nats.Msg) {`,
        '\tfmt.Println(string(message.Data))',
        '})',
        ...GO_CHECK,
        'select {}',
      ],
    );
  return goProgram(
    imports,
    [
      ...connect,
      `message := nats.NewMsg(${goString(t.address)})`,
      `message.Data = []byte(${payload.value})`,
      ...t.headers.map(([n, v]) => `message.Header.Add(${goString(n)}, ${goString(v)})`),
      'err = nc.PublishMsg(message)',
      ...GO_CHECK,
      // Flush returns once the server has the message; the program may then end.
      'err = nc.Flush()',
      ...GO_CHECK,
      'nc.Close()',
    ],
    payload.setup,
  );
}

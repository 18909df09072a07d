/**
 * Real brokers for the code-sample tests, started on 127.0.0.1 by the test itself on free
 * ports, each in a temporary folder of its own, and stopped (their whole process group) when
 * the test is done: Debian's mosquitto, nats-server and rabbitmq-server (AMQP 0-9-1, and 1.0
 * through its plugin), with an epmd of their own. A missing binary fails the test and says
 * which package to install (`.ci/run` installs them).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { userInfo } from 'node:os';
import { join } from 'node:path';
import { freePort, tempDir, until } from './helpers.ts';

export interface Broker {
  port: number;
  stop: () => Promise<void>;
}

/** The binary, or an error saying which Debian package brings it. */
export function requireBinary(path: string, pkg: string): string {
  if (!existsSync(path)) throw new Error(`${path} is missing: install the Debian package ${pkg} (apt-get install -y ${pkg}); .ci/run does`);
  return path;
}

/** Python with Debian's client libraries (the PATH's python may be another one). */
export const PYTHON = '/usr/bin/python3';

function portOpen(port: number): Promise<true | undefined> {
  return new Promise((done) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      done(true);
    });
    socket.once('error', () => done(undefined));
  });
}

/** Starts a process in a group of its own, so that stopping it stops what it started. */
function startGroup(command: string, args: string[], env: NodeJS.ProcessEnv, cwd: string): ChildProcess {
  const child = spawn(command, args, { cwd, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout?.resume();
  child.stderr?.resume();
  return child;
}

function stopGroup(child: ChildProcess): Promise<void> {
  return new Promise((done) => {
    if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return done();
    const timer = setTimeout(() => {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // Already gone.
      }
    }, 5_000);
    child.once('exit', () => {
      clearTimeout(timer);
      done();
    });
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      clearTimeout(timer);
      done();
    }
  });
}

async function started(children: ChildProcess[], port: number, what: string, ms: number): Promise<Broker> {
  const stop = async (): Promise<void> => {
    for (const child of children) await stopGroup(child);
  };
  try {
    await until(`${what} on port ${port}`, () => portOpen(port), ms);
  } catch (error) {
    await stop();
    throw error;
  }
  return { port, stop };
}

/** A server's side of mutual TLS: PEM files of the CA that signs the clients' certificates, and of the server's own certificate and key. */
export interface ServerTls {
  ca: string;
  cert: string;
  key: string;
}

/**
 * mosquitto with a TCP listener, and with `websockets` a second listener that speaks MQTT over
 * WebSocket (`protocol websockets`), the one a browser can reach; its port is `websocketPort`.
 * With `tls`, the TCP listener speaks TLS and refuses a client without a certificate the CA signed.
 */
export async function startMosquitto(options: { websockets?: boolean; tls?: ServerTls } = {}): Promise<Broker & { websocketPort?: number }> {
  const binary = requireBinary('/usr/sbin/mosquitto', 'mosquitto');
  const dir = tempDir('apidesc-mosquitto-');
  const port = await freePort();
  const websocketPort = options.websockets ? await freePort() : undefined;
  const websocket = websocketPort !== undefined ? `listener ${websocketPort} 127.0.0.1\nprotocol websockets\n` : '';
  // Started as root, mosquitto changes to its own user before it reads the key, which a temporary folder keeps from it: it stays the user who started it.
  const tls = options.tls
    ? `user ${userInfo().username}\ncafile ${options.tls.ca}\ncertfile ${options.tls.cert}\nkeyfile ${options.tls.key}\nrequire_certificate true\n`
    : '';
  writeFileSync(join(dir, 'mosquitto.conf'), `listener ${port} 127.0.0.1\n${tls}${websocket}allow_anonymous true\npersistence false\n`);
  const child = startGroup(binary, ['-c', join(dir, 'mosquitto.conf')], { PATH: process.env.PATH }, dir);
  const broker = await started([child], port, 'mosquitto', 15_000);
  if (websocketPort === undefined) return broker;
  try {
    await until(`mosquitto's WebSocket listener on port ${websocketPort}`, () => portOpen(websocketPort), 15_000);
  } catch (error) {
    await broker.stop();
    throw error;
  }
  return { ...broker, websocketPort };
}

/** nats-server; with `tls`, it speaks TLS only and refuses a client without a certificate the CA signed (`--tlsverify`). */
export async function startNats(options: { tls?: ServerTls } = {}): Promise<Broker> {
  const binary = requireBinary('/usr/sbin/nats-server', 'nats-server');
  const dir = tempDir('apidesc-nats-');
  const port = await freePort();
  const tls = options.tls ? ['--tlsverify', '--tlscert', options.tls.cert, '--tlskey', options.tls.key, '--tlscacert', options.tls.ca] : [];
  const child = startGroup(binary, ['-a', '127.0.0.1', '-p', String(port), '-m', '0', ...tls], { PATH: process.env.PATH }, dir);
  return started([child], port, 'nats-server', 15_000);
}

/** RabbitMQ with the AMQP 1.0 plugin, its own epmd and Erlang cookie, its data in a temporary folder. */
export async function startRabbitmq(): Promise<Broker> {
  const server = requireBinary('/usr/lib/rabbitmq/bin/rabbitmq-server', 'rabbitmq-server');
  const epmd = requireBinary('/usr/bin/epmd', 'erlang-base');
  const dir = tempDir('apidesc-rabbitmq-');
  const [port, distPort, epmdPort] = [await freePort(), await freePort(), await freePort()];
  writeFileSync(join(dir, 'enabled_plugins'), '[rabbitmq_amqp1_0].\n');
  const env = {
    PATH: process.env.PATH,
    HOME: dir,
    ERL_EPMD_PORT: String(epmdPort),
    RABBITMQ_NODE_PORT: String(port),
    RABBITMQ_NODE_IP_ADDRESS: '127.0.0.1',
    RABBITMQ_DIST_PORT: String(distPort),
    RABBITMQ_NODENAME: `samples${port}@localhost`,
    RABBITMQ_MNESIA_BASE: join(dir, 'mnesia'),
    RABBITMQ_LOG_BASE: join(dir, 'log'),
    RABBITMQ_LOGS: '-',
    RABBITMQ_ENABLED_PLUGINS_FILE: join(dir, 'enabled_plugins'),
    RABBITMQ_PLUGINS_EXPAND_DIR: join(dir, 'plugins'),
    RABBITMQ_CONFIG_FILE: join(dir, 'rabbitmq'),
    RABBITMQ_ADVANCED_CONFIG_FILE: join(dir, 'advanced.config'),
  };
  const epmdChild = startGroup(epmd, ['-port', String(epmdPort)], env, dir);
  await until('epmd', () => portOpen(epmdPort), 10_000);
  const child = startGroup(server, [], env, dir);
  return started([child, epmdChild], port, 'rabbitmq-server', 90_000);
}

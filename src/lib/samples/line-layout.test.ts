/** How a Go or Java statement written on one line is laid within the panel (line-layout.ts's layoutStatement). */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { columns, GO_STATEMENT, JAVA_STATEMENT, layoutStatement, WIDTH } from './line-layout.ts';

const go = (line: string): string => layoutStatement(line, GO_STATEMENT).join('\n');
const java = (line: string): string => layoutStatement(line, JAVA_STATEMENT).join('\n');

describe('layoutStatement', () => {
  it('leaves a line that fits as it is', () => {
    assert.equal(go('\tclient := mqtt.NewClient(options)'), '\tclient := mqtt.NewClient(options)');
  });

  it("Go: the widest call's arguments a line each, one tab deeper, each with its comma, the bracket on a line of its own", () => {
    assert.equal(
      go('\tconnection, err := amqp.Dial(ctx, "amqp://broker.example.com:5672", nil)'),
      '\tconnection, err := amqp.Dial(\n\t\tctx,\n\t\t"amqp://broker.example.com:5672",\n\t\tnil,\n\t)',
    );
  });

  it('Go: a right side whose call would not open within the panel goes below its :=', () => {
    assert.equal(
      go('\tsettings, err := config.LoadDefaultConfigurationFromTheEnvironment(ctx)'),
      '\tsettings, err :=\n\t\tconfig.LoadDefaultConfigurationFromTheEnvironment(\n\t\t\tctx,\n\t\t)',
    );
  });

  it("Go: never breaks an if statement's header at its :=, a type assertion's .(T), or an index or type's [ ]", () => {
    const header = '\tif confirmation := <-confirmations; !confirmation.Ack {';
    assert.deepEqual(layoutStatement(header, GO_STATEMENT), [header]);
    const assertion = '\tmessage := (<-events).(*confluentkafka.MessageWithHeaders)';
    assert.ok(!go(assertion).includes('.(\n'), go(assertion));
    assert.ok(!go('\t\tApplicationProperties: map[string]any{"traceId": "t-1"},').includes('map[\n'));
  });

  it('Java: the arguments together on a continuation line four columns deeper, the bracket ending it; a line each when they do not fit together', () => {
    assert.equal(java('    config.put("security.protocol", "SASL_SSL");'), '    config.put(\n        "security.protocol", "SASL_SSL");');
    assert.equal(
      java('    MqttClient client = new MqttClient("tcp://test.mosquitto.org:1883", MqttClient.generateClientId(), new MemoryPersistence());'),
      '    MqttClient client = new MqttClient(\n        "tcp://test.mosquitto.org:1883",\n        MqttClient.generateClientId(),\n        new MemoryPersistence());',
    );
  });

  it('Java: a chained call moves to a continuation line when what comes before it then fits', () => {
    assert.equal(java('      byte[] body = call.getRequestBody().readAllBytes();'), '      byte[] body = call.getRequestBody()\n          .readAllBytes();');
  });

  it('counts no bracket or comma inside a string, and leaves one string too long to break whole', () => {
    const line = '\ttopic := "a/(b,c)/{d}/a-very-long-topic-name-past-the-edge"';
    assert.deepEqual(layoutStatement(line, GO_STATEMENT), [line]);
  });

  it('words a long comment over lines that fit', () => {
    const lines = layoutStatement("\t// The message's headers are MQTT 5 user properties: eclipse/paho.golang sends them.", GO_STATEMENT);
    assert.ok(lines.length > 1);
    for (const l of lines) assert.ok(l.startsWith('\t// ') && columns(l) <= WIDTH, l);
  });
});

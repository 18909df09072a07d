import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { PROTOCOL_KEYS } from '../validate/schema/bindings-schema.ts';
import { protocolChipName } from './protocol-names.ts';

describe('protocol names: a portal says every known protocol in one style', () => {
  it('names each protocol a binding can name by its reader name, whatever case the document writes it in', () => {
    for (const key of PROTOCOL_KEYS) {
      const name = protocolChipName(key);
      assert.notEqual(name, key, `${key} is said as the document spells it`);
      assert.match(name, /^[A-Z]/, `${key} → ${name}`);
      assert.doesNotMatch(name, /\(topic notification\)|\(message queue\)/, 'chips name the product, not what it is');
      for (const spelling of [key.toUpperCase(), key[0]!.toUpperCase() + key.slice(1)]) assert.equal(protocolChipName(spelling), name);
    }
  });

  it('says the secure variants servers write as the protocol with TLS, and keeps any other as written', () => {
    assert.equal(protocolChipName('kafka-secure'), 'Kafka (TLS)');
    assert.equal(protocolChipName('https'), 'HTTPS');
    assert.equal(protocolChipName('secure-mqtt'), 'MQTT (TLS)');
    assert.equal(protocolChipName('sns'), 'Amazon SNS');
    assert.equal(protocolChipName('my-own-bus'), 'my-own-bus');
    // Names of the object's prototype are no protocols.
    assert.equal(protocolChipName('constructor'), 'constructor');
  });
});

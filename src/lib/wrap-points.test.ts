import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { wrapPoints } from './wrap-points.ts';

describe('where long ids wrap', () => {
  it('cuts long words after separators and between camelCase words, and leaves short words whole', () => {
    assert.deepEqual(wrapPoints('receiveOrderEventsInWarehouse'), ['receive', 'Order', 'Events', 'In', 'Warehouse']);
    assert.deepEqual(wrapPoints('smartylighting.streetlights.1.0.event'), ['smartylighting.', 'streetlights.', '1.', '0.', 'event']);
    assert.deepEqual(wrapPoints('user/signed_up-event:v2'), ['user/', 'signed_', 'up-', 'event:', 'v2']);
    assert.deepEqual(wrapPoints('orders--{region}.fifo..x'), ['orders--', '{region}.', 'fifo..', 'x'], 'runs of separators stay together');
    assert.deepEqual(wrapPoints('OuterClassName$InnerName'), ['Outer', 'Class', 'Name$', 'Inner', 'Name'], 'a nested Java class');
    assert.deepEqual(wrapPoints('Order events'), ['Order events']);
    assert.deepEqual(
      wrapPoints('3F2A9C1E-4B7D-4C8E-9A51-2D6F0E8B7C10'),
      ['3F2A9C1E-', '4B7D-', '4C8E-', '9A51-', '2D6F0E8B7C10'],
      'an upper-case UUID at its dashes only',
    );
    assert.deepEqual(wrapPoints('AQEBwJnKyrHigUMZj6rYigCgxlaS3SLy0a'), ['AQEBwJnKyrHigUMZj6rYigCgxlaS3SLy0a'], 'a receipt handle is one token');
    assert.deepEqual(wrapPoints('arn:aws:sqs:eu-west-1:123456789012:OrderEventsDLQ'), [
      'arn:',
      'aws:',
      'sqs:',
      'eu-',
      'west-',
      '1:',
      '123456789012:',
      'Order',
      'Events',
      'DLQ',
    ]);
    assert.deepEqual(wrapPoints('S3BucketNotificationEvent'), ['S3', 'Bucket', 'Notification', 'Event'], 'a digit or two in words leaves them words');
    assert.deepEqual(wrapPoints('Warehouse picks lightingMeasuredEvents'), ['Warehouse picks lighting', 'Measured', 'Events']);
    assert.deepEqual(wrapPoints('a.b.c'), ['a.b.c'], 'a short word fits a line');
    assert.deepEqual(wrapPoints(''), ['']);
    for (const text of ['receiveOrderEventsInWarehouse', 'x y/zzzzzzzzzzzzzzzzzzz.', 'HTTPServerConnectionPool']) assert.equal(wrapPoints(text).join(''), text);
  });
});

describe('where long ids wrap, for random Java and camelCase names', () => {
  it('gives back the name when the pieces are joined, and cuts only after a separator or before a capital that follows a small letter or digit', () => {
    const words = ['org', 'example', 'io', 'github', 'springwolf', 'kafka', 'dtos', 'Another', 'Payload', 'Dto', 'HTTP', 'v2', 'x'];
    const separators = ['.', '.', '', '', '_', '$', '-'];
    let seed = 11;
    const next = (n: number): number => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    for (let i = 0; i < 3000; i++) {
      const name = Array.from({ length: 1 + next(9) }, () => words[next(words.length)]! + separators[next(separators.length)]!).join('');
      const pieces = wrapPoints(name);
      assert.equal(pieces.join(''), name);
      for (let p = 1; p < pieces.length; p++) {
        const before = pieces[p - 1]!.at(-1)!;
        assert.ok(
          /[/._:$-]/.test(before) || (/[a-z0-9]/.test(before) && /[A-Z][A-Za-z]/.test(pieces[p]!)),
          `"${name}" is cut only between words: ${pieces.join('|')}`,
        );
        assert.ok(pieces[p]!.length > 0, `no empty piece in "${name}"`);
      }
    }
  });
});

// The default client key: an address as the limits per client count it, read for every POST.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { addressKey, defaultClientKey } from '../../src/http/server/client-key.js';
import type { HttpRequestLike } from '../../src/http/server/exchange.js';

describe('addressKey', () => {
  it('keeps an IPv4 address, also when mapped into IPv6', () => {
    assert.equal(addressKey('203.0.113.7'), '203.0.113.7');
    assert.equal(addressKey('::ffff:203.0.113.7'), '203.0.113.7');
    assert.equal(addressKey('::FFFF:10.1.2.3'), '10.1.2.3');
  });

  it('counts an IPv6 address by its /64 prefix, however it is written', () => {
    const key = '2001:db8:0:1::/64';
    for (const address of [
      '2001:db8:0:1::1',
      '2001:db8::1:0:0:0:ff',
      '2001:0DB8:0000:0001:aaaa:bbbb:cccc:dddd',
      '2001:db8:0:1:1:2:3:4%eth0',
    ]) {
      assert.equal(addressKey(address), key, address);
    }
    assert.equal(addressKey('2001:db8:0:2::1'), '2001:db8:0:2::/64');
    assert.equal(addressKey('fe80::1'), 'fe80:0:0:0::/64');
    assert.equal(addressKey('64:ff9b::192.0.2.1'), '64:ff9b:0:0::/64');
  });

  it('gives loopback addresses and unknown ones no key', () => {
    for (const address of ['127.0.0.1', '127.1.2.3', '::1', '0:0:0:0:0:0:0:1', '::ffff:127.0.0.1', '', undefined]) {
      assert.equal(addressKey(address), undefined, String(address));
    }
  });

  it('keeps what it cannot read as one key of its own', () => {
    assert.equal(addressKey('not:an:address::x'), 'not:an:address::x');
    assert.equal(addressKey('1::2::3'), '1::2::3');
  });
});

describe('defaultClientKey', () => {
  const from = (remoteAddress: string | undefined) => ({ remoteAddress }) as HttpRequestLike;

  it('is the key of the request’s address, asked once or many times, among many addresses', () => {
    const addresses = Array.from({ length: 3000 }, (_, i) => `2001:db8:${i.toString(16)}::${i % 7}`);
    for (let round = 0; round < 2; round++)
      for (const address of [...addresses, '203.0.113.7', '::1', '::ffff:127.0.0.1'])
        assert.equal(defaultClientKey(from(address)), addressKey(address), address);
    assert.equal(defaultClientKey(from(undefined)), undefined);
  });
});

import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('TRUST_PROXY', () => {
  const trustProxy = (value: string | undefined) => loadConfig({ TRUST_PROXY: value }).trustProxy;

  it('trusts no peer by default, any peer with 1, and only the listed addresses and networks otherwise', () => {
    expect(trustProxy(undefined)).toBe(false);
    expect(trustProxy('0')).toBe(false);
    expect(trustProxy('1')).toBe(true);
    expect(trustProxy('true')).toBe(true);
    expect(trustProxy('10.0.0.5, 10.1.0.0/16,fd00::/8')).toEqual(['10.0.0.5', '10.1.0.0/16', 'fd00::/8']);
  });

  it('refuses what is neither, with one line saying what it takes', () => {
    for (const value of ['yes', '10.0.0.300', '10.0.0.0/33', '10.0.0.0/8/1', 'nginx.internal', '10.0.0.5,']) {
      expect(() => trustProxy(value), value).toThrow(ConfigError);
      expect(() => trustProxy(value), value).toThrow(/^TRUST_PROXY must be 1, or the load balancers' addresses/);
    }
  });
});

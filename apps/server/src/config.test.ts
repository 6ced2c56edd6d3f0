import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('gives the documented defaults for an empty environment', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.dataDir).toBe(path.resolve('./data'));
    expect(config.databaseUrl).toBeUndefined();
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.seed).toBe('demo');
    expect(config.trustProxy).toBe(false);
    expect(config.apiDocsPublic).toBe(false);
    expect(config.searchIndex).toBe('operations');
    expect(config.authEnumerationProtection).toBe(false);
    expect(config.microsoft).toBeUndefined();
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' }).port).toBe(3000);
  });

  it('names the variable and the rule when a value is invalid', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x@y/z' })).toThrow(
      /DATABASE_URL: must start with postgres: or postgresql:/,
    );
    expect(() => loadConfig({ SEED: 'lots' })).toThrow(/SEED/);
    expect(() => loadConfig({ STRIPE_WEBHOOK_SECRET: 'sk_live_x' })).toThrow(
      /STRIPE_WEBHOOK_SECRET/,
    );
  });

  it('asks for the whole Microsoft configuration when part of it is given', () => {
    expect(() => loadConfig({ MICROSOFT_ISSUER: 'https://login.example.com/tenant/v2.0' })).toThrow(
      /MICROSOFT_CLIENT_ID: is required when MICROSOFT_ISSUER is set[\s\S]*MICROSOFT_CLIENT_SECRET/,
    );
    const config = loadConfig({
      MICROSOFT_ISSUER: 'https://login.example.com/tenant/v2.0',
      MICROSOFT_CLIENT_ID: 'client',
      MICROSOFT_CLIENT_SECRET: 'secret',
      MICROSOFT_DOMAINS: ' Example.org, fiata.example ',
    });
    expect(config.microsoft?.domains).toEqual(['example.org', 'fiata.example']);
  });

  it('takes the card-payment webhook secret as optional, and only a signing secret', () => {
    expect(loadConfig({}).stripeWebhookSecret).toBeUndefined();
    expect(loadConfig({ STRIPE_WEBHOOK_SECRET: 'whsec_test123' }).stripeWebhookSecret).toBe(
      'whsec_test123',
    );
    expect(() => loadConfig({ STRIPE_WEBHOOK_SECRET: 'secret' })).toThrow(
      /STRIPE_WEBHOOK_SECRET: .*whsec_/,
    );
  });

  it('seeds demo data by default only without DATABASE_URL', () => {
    expect(loadConfig({}).seed).toBe('demo');
    // An external database may be production's: never a demo admin unless asked for.
    const external = { DATABASE_URL: 'postgres://ops@db.example.org/ops' };
    expect(loadConfig(external).seed).toBe('none');
    expect(loadConfig({ ...external, SEED: 'demo' }).seed).toBe('demo');
    expect(loadConfig({ SEED: 'none' }).seed).toBe('none');
  });

  it('trusts no proxy unless TRUST_PROXY names them', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.5' }).trustProxy).toEqual(['10.0.0.5']);
    expect(
      loadConfig({ TRUST_PROXY: ' 10.0.0.0/8, 192.168.1.1 ,fd00::/8,loopback' }).trustProxy,
    ).toEqual(['10.0.0.0/8', '192.168.1.1', 'fd00::/8', 'loopback']);
  });

  it('refuses a TRUST_PROXY that would trust anyone, or that is not an address', () => {
    expect(() => loadConfig({ TRUST_PROXY: '1' })).toThrow(
      /TRUST_PROXY: hop counts are not supported/,
    );
    for (const junk of ['true', '*', '0.0.0.0/0', '::/0', '10.0.0.0/33', '10.0.0.0/8,', 'proxy']) {
      expect(() => loadConfig({ TRUST_PROXY: junk }), junk).toThrow(ConfigError);
      expect(() => loadConfig({ TRUST_PROXY: junk }), junk).toThrow(
        /TRUST_PROXY: .* not an IP address, a CIDR range/,
      );
    }
  });

  it('keeps the API documentation for operators unless API_DOCS_PUBLIC is true', () => {
    expect(loadConfig({}).apiDocsPublic).toBe(false);
    expect(loadConfig({ API_DOCS_PUBLIC: 'true' }).apiDocsPublic).toBe(true);
    expect(() => loadConfig({ API_DOCS_PUBLIC: 'sure' })).toThrow(/API_DOCS_PUBLIC/);
  });

  it('reads booleans and the public URL', () => {
    const config = loadConfig({
      AUTH_ENUMERATION_PROTECTION: 'true',
      PUBLIC_URL: 'https://ops.example.org/',
    });
    expect(config.authEnumerationProtection).toBe(true);
    expect(config.publicUrl).toBe('https://ops.example.org');
  });
});

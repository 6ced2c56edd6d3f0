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

  it('reads booleans and the public URL', () => {
    const config = loadConfig({
      AUTH_ENUMERATION_PROTECTION: 'true',
      PUBLIC_URL: 'https://ops.example.org/',
    });
    expect(config.authEnumerationProtection).toBe(true);
    expect(config.publicUrl).toBe('https://ops.example.org');
  });
});

import * as contract from '@ops/contract';
import { describe, expect, it } from 'vitest';
import {
  actionLinkModes,
  actionLinkParams,
  emailConfirmationRequired,
  minimumNewPasswordLength,
  minimumSignInPasswordLength,
} from './constants';

describe('copies of contract values', () => {
  it('match the contract', () => {
    expect(actionLinkParams).toEqual(contract.actionLinkParams);
    expect(actionLinkModes).toEqual(contract.actionLinkModes);
    expect(minimumSignInPasswordLength).toBe(contract.constants.minimumPasswordLength);
    expect(minimumNewPasswordLength).toBe(contract.passwordPolicy.minimumLength);
    expect(contract.authErrorCodes).toContain(emailConfirmationRequired);
  });
});

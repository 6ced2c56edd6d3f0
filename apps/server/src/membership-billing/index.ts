/** Membership billing (issue 32): how new members are billed for their first year. */
export { getMembershipBillingSettings } from './settings';
export { firstYearRuleWords, updateMembershipBillingSettings } from './update-settings';

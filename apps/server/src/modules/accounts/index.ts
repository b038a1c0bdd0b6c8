/**
 * The accounts feature's public API: an account's lifecycle after signup (email verification and
 * change, password reset, data export, deletion). It owns `account_tokens`, `held_user_names` and
 * `data_exports`.
 */
export { createAccountsFeature } from './feature';

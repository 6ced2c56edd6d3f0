export { describeChange } from './describe-change';
export { LoadedSettings } from './loaded-settings';
export { SaveConflict, SaveOutcome } from './save-feedback';
export { useSettingsSave, type SettingsSave } from './use-settings-save';

export { describeChange } from './describe-change';
export { LoadedSettings, SettingsScreen } from './loaded-settings';
export { SaveConflict, SaveOutcome } from './save-feedback';
export { useSettingsSave, type SettingsSave } from './use-settings-save';

export { memberLabel, memberOptionsOf, type MemberOption } from './member-hits';
export { MemberPicker, useMemberSearch, type MemberPickerProps } from './member-picker';
export { MemberName, useMemberName } from './member-name';

export { useMemberName } from '@/lib/api/get-member-name';
export { useMemberSearch } from '@/lib/api/search-members';
export { memberLabel, memberOptionsOf, type MemberOption } from '@/lib/search/member-hits';
export { MemberPicker, type MemberPickerProps } from './member-picker';
export { MemberName } from './member-name';
export { MemberChoices } from './member-choices';

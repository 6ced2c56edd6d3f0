export {
  FindingCard,
  FindingField,
  FindingsList,
  inputClass,
  MemberFindingCard,
  MemberLink,
  RepairError,
  RepairForm,
} from '@/components/fixes/fixes-panel';

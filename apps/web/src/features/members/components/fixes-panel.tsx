export {
  FindingCard,
  FindingField,
  FindingsList,
  inputClass,
  MemberLink,
  RepairError,
  RepairForm,
} from '@/components/fixes/fixes-panel';

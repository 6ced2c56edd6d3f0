export {
  FindingCard,
  FindingsList,
  inputClass,
  MemberLink,
  RepairError,
} from '@/components/fixes/fixes-panel';

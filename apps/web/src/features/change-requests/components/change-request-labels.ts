// The words of the change requests (issue 35) live in the contract, beside their enumerations.
export {
  changeRequestKindLabels,
  changeRequestStatusLabels,
  companyFieldLabels,
} from '@ops/contract/change-requests';

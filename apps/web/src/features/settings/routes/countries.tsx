import { listScreenOf } from '@/components/data-list/list-screen';
import { countriesListDefinition } from '../components/countries-list-definition';

export const CountriesRoute = listScreenOf(countriesListDefinition);

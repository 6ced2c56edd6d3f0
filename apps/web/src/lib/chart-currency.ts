/** The currency a money chart shows: one of the report's currencies, or their CHF equivalents. */
export const chfEquivalents = 'chf-equivalents';

/**
 * A money chart's currency switch (the report screen's select, a home trend's buttons): the
 * report's currencies to choose from besides CHF equivalents, the chosen one, and the choice.
 */
export type CurrencySwitchProps = {
  currencies: string[];
  value: string;
  onChange: (value: string) => void;
};

/** E-mail domain the end-to-end server offers Microsoft sign-in to (MICROSOFT_DOMAINS). */
export const microsoftDomain = 'contoso.example';

import type { Messages } from './en';

/** Le portail en français (see en.ts). */
export const fr: Messages = {
  'portal.name': 'Portail des membres',
  'portal.federation': 'Fédération internationale des transitaires',
  'layout.skipToContent': 'Aller au contenu',
  'layout.language': 'Langue',
  'layout.signOut': 'Se déconnecter',
  'layout.signedInAs': 'Connecté en tant que {email}',
  'home.title': 'Vos demandes d’adhésion',
  'home.apply': 'Demander l’adhésion',
  'signIn.title': 'Connexion',
  'signIn.intro':
    'Saisissez votre adresse e-mail : nous vous envoyons un lien qui vous connecte. Aucun mot de passe n’est nécessaire.',
  'signIn.email': 'Adresse e-mail',
  'signIn.send': 'Envoyez-moi un lien',
  'signIn.sending': 'Envoi…',
  'signIn.sent':
    'Consultez votre boîte de réception : un lien est en route vers {email}. Il ne sert qu’une fois, dans les 15 minutes.',
  'signIn.useAnother': 'Utiliser une autre adresse',
  'signIn.confirmTitle': 'Confirmez votre adresse e-mail',
  'signIn.confirmIntro':
    'Saisissez l’adresse e-mail à laquelle ce lien a été envoyé pour terminer la connexion.',
  'signIn.confirm': 'Se connecter',
  'signIn.signingIn': 'Connexion en cours…',
  'error.emailRequired': 'Saisissez votre adresse e-mail.',
  'error.emailInvalid': 'Saisissez une adresse e-mail comme nom@entreprise.com.',
  'error.linkInvalid':
    'Ce lien n’est pas valable ou a déjà été utilisé. Demandez-en un nouveau ci-dessous.',
  'error.linkExpired': 'Ce lien a expiré. Demandez-en un nouveau ci-dessous.',
  'error.emailMismatch': 'Ce n’est pas l’adresse à laquelle le lien a été envoyé.',
  'error.tooMany': 'Trop de tentatives. Attendez quelques minutes, puis réessayez.',
  'error.network': 'Le portail est injoignable. Vérifiez votre connexion et réessayez.',
  'error.unknown': 'Une erreur s’est produite : {message}',
  'apply.title': 'Demander l’adhésion',
  'apply.whoTitle': 'Qui peut demander l’adhésion',
  'apply.whoText': 'Les entreprises de transit et les associations nationales de transitaires.',
  'apply.costTitle': 'Ce que cela coûte',
  'apply.costText':
    'Une cotisation annuelle, fixée selon la catégorie de cotisation de votre pays et votre catégorie de membre. Vous voyez le montant avant d’envoyer votre demande.',
  'apply.nextTitle': 'La suite',
  'apply.stepEndorsement':
    'Si votre pays a une association nationale, celle-ci appuie votre demande.',
  'apply.stepReview': 'Le siège de la fédération l’examine.',
  'apply.stepInvoice':
    'Vous recevez votre première facture, puis votre certificat de membre une fois celle-ci payée.',
  'apply.startTitle': 'Commencez par votre adresse e-mail',
  'apply.startText':
    'Nous vous envoyons un lien. Votre demande est enregistrée sous cette adresse dès que vous l’avez suivi : personne ne peut faire une demande en votre nom.',
  'apply.signedIn':
    'Vous êtes connecté en tant que {email}. Votre demande est enregistrée sous cette adresse.',
};

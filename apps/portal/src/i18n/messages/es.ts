import type { Messages } from './en';

/** El portal en español (see en.ts). */
export const es: Messages = {
  'portal.name': 'Portal de miembros',
  'portal.federation': 'Federación internacional de transitarios',
  'layout.skipToContent': 'Ir al contenido',
  'layout.language': 'Idioma',
  'layout.signOut': 'Cerrar sesión',
  'layout.signedInAs': 'Sesión iniciada como {email}',
  'home.title': 'Sus solicitudes',
  'home.apply': 'Solicitar la adhesión',
  'signIn.title': 'Iniciar sesión',
  'signIn.intro':
    'Escriba su dirección de correo electrónico: le enviamos un enlace que inicia su sesión. No hace falta contraseña.',
  'signIn.email': 'Correo electrónico',
  'signIn.send': 'Enviarme un enlace',
  'signIn.sending': 'Enviando…',
  'signIn.sent':
    'Revise su bandeja de entrada: le llega un enlace a {email}. Sirve una vez, durante 15 minutos.',
  'signIn.useAnother': 'Usar otra dirección',
  'signIn.confirmTitle': 'Confirme su correo electrónico',
  'signIn.confirmIntro':
    'Escriba la dirección a la que se envió este enlace para terminar de iniciar sesión.',
  'signIn.confirm': 'Iniciar sesión',
  'signIn.signingIn': 'Iniciando sesión…',
  'error.emailRequired': 'Escriba su dirección de correo electrónico.',
  'error.emailInvalid': 'Escriba una dirección como nombre@empresa.com.',
  'error.linkInvalid': 'Este enlace no es válido o ya se ha usado. Pida uno nuevo abajo.',
  'error.linkExpired': 'Este enlace ha caducado. Pida uno nuevo abajo.',
  'error.emailMismatch': 'Esta no es la dirección a la que se envió el enlace.',
  'error.tooMany': 'Demasiados intentos. Espere unos minutos y vuelva a intentarlo.',
  'error.network': 'No se puede acceder al portal. Compruebe su conexión y vuelva a intentarlo.',
  'error.unknown': 'Algo ha fallado: {message}',
  'apply.title': 'Solicitar la adhesión',
  'apply.whoTitle': 'Quién puede solicitarla',
  'apply.whoText': 'Las empresas transitarias y las asociaciones nacionales de transitarios.',
  'apply.costTitle': 'Cuánto cuesta',
  'apply.costText':
    'Una cuota anual, fijada por la categoría de cuota de su país y su categoría de miembro. Verá el importe antes de enviar la solicitud.',
  'apply.nextTitle': 'Qué pasa después',
  'apply.stepEndorsement': 'Si su país tiene una asociación nacional, esta respalda su solicitud.',
  'apply.stepReview': 'La sede de la federación la examina.',
  'apply.stepInvoice': 'Recibe su primera factura y, una vez pagada, su certificado de miembro.',
  'apply.startTitle': 'Empiece con su correo electrónico',
  'apply.startText':
    'Le enviamos un enlace. Su solicitud se guarda con esa dirección en cuanto lo haya seguido, para que nadie pueda solicitar en su nombre.',
  'apply.signedIn': 'Ha iniciado sesión como {email}. Su solicitud se guarda con esta dirección.',
};

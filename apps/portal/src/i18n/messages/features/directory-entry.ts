import { featureMessages } from './feature-messages';

/**
 * The words of a member's entry in the public directory (issue 35): listed or not, what it
 * shows, why the public does not see it, the preview's notes. In the member chunk
 * (`member-messages.ts`); the preview's card speaks the directory's own words
 * (`directory.ts`).
 */
export const directoryEntryMessages = featureMessages({
  en: {
    'directoryEntry.link': 'Directory entry',
    'directoryEntry.title': 'Your directory entry',
    'directoryEntry.intro':
      'The public member directory lets anyone find the federation’s members. Your entry shows your name and what you choose here, with the public check of your membership certificate; never an e-mail address.',
    'directoryEntry.openDirectory': 'Open the public member directory',
    'directoryEntry.visible': 'The public sees your entry now.',
    'directoryEntry.hidden.notListed':
      'The public does not see your entry: your company is not listed. It stays off until an owner or administrator turns it on.',
    'directoryEntry.hidden.notActive':
      'The public does not see your entry: your membership is not active. It shows again once the membership is active.',
    'directoryEntry.hidden.hiddenByStaff':
      'The public does not see your entry: the federation’s staff have hidden it from the directory. Ask them why.',
    'directoryEntry.readOnly':
      'Only your owners and administrators change the directory entry: ask one of them when something needs changing.',
    'directoryEntry.status':
      '{listed, select, yes {Your company is listed in the public directory.} other {Your company is not listed in the public directory.}}',
    'directoryEntry.listing': 'The public directory',
    'directoryEntry.listed': 'List us in the public member directory',
    'directoryEntry.listedHelp':
      'Off until you turn it on; turned off again, your entry leaves the directory within a minute.',
    'directoryEntry.fields': 'What the entry shows besides your name',
    'directoryEntry.fieldsHelp':
      'As your company data has them: what you change there shows here too.',
    'directoryEntry.services': 'Your services',
    'directoryEntry.servicesHelp': 'Shown when “{services}” is ticked above.',
    'directoryEntry.save': 'Save the entry',
    'directoryEntry.saving': 'Saving…',
    'directoryEntry.saved':
      '{listed, select, yes {Saved: the public directory shows your entry as previewed within a minute.} other {Saved: your company is not in the public directory; an entry shown until now leaves it within a minute.}}',
    'directoryEntry.nothingChanged':
      'Nothing differs from the entry as saved: change a choice first.',
    'directoryEntry.conflict':
      'Not saved: the directory entry was changed elsewhere since you opened it. Reload it to see it as it is now, then make your change again.',
    'directoryEntry.reload': 'Reload the entry',
    'directoryEntry.notAllowed':
      'Not saved: only owners and administrators change the directory entry.',
    'directoryEntry.failed': 'The entry could not be saved. Please try again.',
    'directoryEntry.loadFailed': 'The directory entry could not be loaded. Please try again.',
    'directoryEntry.preview': 'Preview',
    'directoryEntry.previewIntro':
      '{state, select, shown {Your entry as the public directory shows it, with your choices:} other {Your entry as the public directory would show it, with your choices:}}',
    'directoryEntry.afterSave': 'Shown once saved: {fields}.',
    'directoryEntry.missing': 'Not in your company data, so not shown: {fields}.',
    'directoryEntry.noServices': '“{services}” is ticked, but no service is chosen.',
    'directoryEntry.companyLink': 'Change the company data',
  },
  fr: {
    'directoryEntry.link': 'Fiche dans l’annuaire',
    'directoryEntry.title': 'Votre fiche dans l’annuaire',
    'directoryEntry.intro':
      'L’annuaire public des membres permet à chacun de trouver les membres de la fédération. Votre fiche montre votre nom et ce que vous choisissez ici, avec la vérification publique de votre certificat de membre ; jamais une adresse e-mail.',
    'directoryEntry.openDirectory': 'Ouvrir l’annuaire public des membres',
    'directoryEntry.visible': 'Le public voit votre fiche en ce moment.',
    'directoryEntry.hidden.notListed':
      'Le public ne voit pas votre fiche : votre entreprise ne figure pas dans l’annuaire. Elle n’y figure pas tant qu’un titulaire ou un administrateur ne l’y inscrit pas.',
    'directoryEntry.hidden.notActive':
      'Le public ne voit pas votre fiche : votre adhésion n’est pas active. Elle réapparaît dès que l’adhésion est active.',
    'directoryEntry.hidden.hiddenByStaff':
      'Le public ne voit pas votre fiche : le personnel de la fédération l’a masquée dans l’annuaire. Demandez-lui pourquoi.',
    'directoryEntry.readOnly':
      'Seuls vos titulaires et administrateurs modifient la fiche dans l’annuaire : adressez-vous à l’un d’eux si quelque chose doit changer.',
    'directoryEntry.status':
      '{listed, select, yes {Votre entreprise figure dans l’annuaire public.} other {Votre entreprise ne figure pas dans l’annuaire public.}}',
    'directoryEntry.listing': 'L’annuaire public',
    'directoryEntry.listed': 'Nous inscrire dans l’annuaire public des membres',
    'directoryEntry.listedHelp':
      'Désactivé tant que vous ne l’activez pas ; désactivé à nouveau, votre fiche quitte l’annuaire en une minute.',
    'directoryEntry.fields': 'Ce que la fiche montre en plus de votre nom',
    'directoryEntry.fieldsHelp':
      'Tel qu’indiqué dans les données de votre entreprise : ce que vous y modifiez apparaît ici aussi.',
    'directoryEntry.services': 'Vos prestations',
    'directoryEntry.servicesHelp': 'Affichées quand « {services} » est coché ci-dessus.',
    'directoryEntry.save': 'Enregistrer la fiche',
    'directoryEntry.saving': 'Enregistrement…',
    'directoryEntry.saved':
      '{listed, select, yes {Enregistré : l’annuaire public montre votre fiche comme dans l’aperçu d’ici une minute.} other {Enregistré : votre entreprise ne figure pas dans l’annuaire public ; une fiche affichée jusqu’ici le quitte en une minute.}}',
    'directoryEntry.nothingChanged':
      'Rien ne diffère de la fiche enregistrée : modifiez d’abord un choix.',
    'directoryEntry.conflict':
      'Non enregistré : la fiche a été modifiée ailleurs depuis que vous l’avez ouverte. Rechargez-la pour la voir telle qu’elle est, puis refaites votre modification.',
    'directoryEntry.reload': 'Recharger la fiche',
    'directoryEntry.notAllowed':
      'Non enregistré : seuls les titulaires et les administrateurs modifient la fiche dans l’annuaire.',
    'directoryEntry.failed': 'La fiche n’a pas pu être enregistrée. Veuillez réessayer.',
    'directoryEntry.loadFailed':
      'La fiche dans l’annuaire n’a pas pu être chargée. Veuillez réessayer.',
    'directoryEntry.preview': 'Aperçu',
    'directoryEntry.previewIntro':
      '{state, select, shown {Votre fiche telle que l’annuaire public la montre, avec vos choix :} other {Votre fiche telle que l’annuaire public la montrerait, avec vos choix :}}',
    'directoryEntry.afterSave': 'Affiché une fois enregistré : {fields}.',
    'directoryEntry.missing':
      'Absent des données de votre entreprise, donc non affiché : {fields}.',
    'directoryEntry.noServices': '« {services} » est coché, mais aucune prestation n’est choisie.',
    'directoryEntry.companyLink': 'Modifier les données de l’entreprise',
  },
  de: {
    'directoryEntry.link': 'Verzeichniseintrag',
    'directoryEntry.title': 'Ihr Verzeichniseintrag',
    'directoryEntry.intro':
      'Im öffentlichen Mitgliederverzeichnis findet jede und jeder die Mitglieder der Föderation. Ihr Eintrag zeigt Ihren Namen und was Sie hier wählen, mit der öffentlichen Prüfung Ihres Mitgliedszertifikats; nie eine E-Mail-Adresse.',
    'directoryEntry.openDirectory': 'Öffentliches Mitgliederverzeichnis öffnen',
    'directoryEntry.visible': 'Die Öffentlichkeit sieht Ihren Eintrag jetzt.',
    'directoryEntry.hidden.notListed':
      'Die Öffentlichkeit sieht Ihren Eintrag nicht: Ihr Unternehmen ist nicht aufgeführt. Das bleibt so, bis ein Inhaber oder Administrator es einschaltet.',
    'directoryEntry.hidden.notActive':
      'Die Öffentlichkeit sieht Ihren Eintrag nicht: Ihre Mitgliedschaft ist nicht aktiv. Er erscheint wieder, sobald die Mitgliedschaft aktiv ist.',
    'directoryEntry.hidden.hiddenByStaff':
      'Die Öffentlichkeit sieht Ihren Eintrag nicht: Die Mitarbeitenden der Föderation haben ihn im Verzeichnis ausgeblendet. Fragen Sie sie nach dem Grund.',
    'directoryEntry.readOnly':
      'Nur Ihre Inhaber und Administratoren ändern den Verzeichniseintrag: Wenden Sie sich an einen von ihnen, wenn etwas zu ändern ist.',
    'directoryEntry.status':
      '{listed, select, yes {Ihr Unternehmen ist im öffentlichen Verzeichnis aufgeführt.} other {Ihr Unternehmen ist nicht im öffentlichen Verzeichnis aufgeführt.}}',
    'directoryEntry.listing': 'Das öffentliche Verzeichnis',
    'directoryEntry.listed': 'Uns im öffentlichen Mitgliederverzeichnis aufführen',
    'directoryEntry.listedHelp':
      'Aus, bis Sie es einschalten; wieder ausgeschaltet, verlässt Ihr Eintrag das Verzeichnis innerhalb einer Minute.',
    'directoryEntry.fields': 'Was der Eintrag außer Ihrem Namen zeigt',
    'directoryEntry.fieldsHelp':
      'So, wie Ihre Unternehmensdaten sie enthalten: Was Sie dort ändern, erscheint auch hier.',
    'directoryEntry.services': 'Ihre Leistungen',
    'directoryEntry.servicesHelp': 'Angezeigt, wenn oben „{services}“ angekreuzt ist.',
    'directoryEntry.save': 'Eintrag speichern',
    'directoryEntry.saving': 'Wird gespeichert…',
    'directoryEntry.saved':
      '{listed, select, yes {Gespeichert: Das öffentliche Verzeichnis zeigt Ihren Eintrag innerhalb einer Minute wie in der Vorschau.} other {Gespeichert: Ihr Unternehmen ist nicht im öffentlichen Verzeichnis; ein bisher gezeigter Eintrag verlässt es innerhalb einer Minute.}}',
    'directoryEntry.nothingChanged':
      'Nichts weicht vom gespeicherten Eintrag ab: Ändern Sie zuerst eine Auswahl.',
    'directoryEntry.conflict':
      'Nicht gespeichert: Der Verzeichniseintrag wurde anderswo geändert, seit Sie ihn geöffnet haben. Laden Sie ihn neu, um ihn zu sehen, wie er jetzt ist, und nehmen Sie Ihre Änderung dann noch einmal vor.',
    'directoryEntry.reload': 'Eintrag neu laden',
    'directoryEntry.notAllowed':
      'Nicht gespeichert: Nur Inhaber und Administratoren ändern den Verzeichniseintrag.',
    'directoryEntry.failed':
      'Der Eintrag konnte nicht gespeichert werden. Bitte versuchen Sie es noch einmal.',
    'directoryEntry.loadFailed':
      'Der Verzeichniseintrag konnte nicht geladen werden. Bitte versuchen Sie es noch einmal.',
    'directoryEntry.preview': 'Vorschau',
    'directoryEntry.previewIntro':
      '{state, select, shown {Ihr Eintrag, wie ihn das öffentliche Verzeichnis zeigt, mit Ihrer Auswahl:} other {Ihr Eintrag, wie ihn das öffentliche Verzeichnis zeigen würde, mit Ihrer Auswahl:}}',
    'directoryEntry.afterSave': 'Angezeigt, sobald gespeichert: {fields}.',
    'directoryEntry.missing': 'Nicht in Ihren Unternehmensdaten, daher nicht angezeigt: {fields}.',
    'directoryEntry.noServices': '„{services}“ ist angekreuzt, aber keine Leistung gewählt.',
    'directoryEntry.companyLink': 'Unternehmensdaten ändern',
  },
  es: {
    'directoryEntry.link': 'Ficha en el directorio',
    'directoryEntry.title': 'Su ficha en el directorio',
    'directoryEntry.intro':
      'El directorio público de miembros permite a cualquiera encontrar a los miembros de la federación. Su ficha muestra su nombre y lo que elija aquí, con la comprobación pública de su certificado de miembro; nunca una dirección de correo electrónico.',
    'directoryEntry.openDirectory': 'Abrir el directorio público de miembros',
    'directoryEntry.visible': 'El público ve su ficha ahora.',
    'directoryEntry.hidden.notListed':
      'El público no ve su ficha: su empresa no figura en el directorio. Seguirá así hasta que un titular o un administrador la active.',
    'directoryEntry.hidden.notActive':
      'El público no ve su ficha: su membresía no está activa. Volverá a mostrarse en cuanto la membresía esté activa.',
    'directoryEntry.hidden.hiddenByStaff':
      'El público no ve su ficha: el personal de la federación la ha ocultado del directorio. Pregúntele el motivo.',
    'directoryEntry.readOnly':
      'Solo sus titulares y administradores modifican la ficha en el directorio: diríjase a uno de ellos si algo debe cambiar.',
    'directoryEntry.status':
      '{listed, select, yes {Su empresa figura en el directorio público.} other {Su empresa no figura en el directorio público.}}',
    'directoryEntry.listing': 'El directorio público',
    'directoryEntry.listed': 'Incluirnos en el directorio público de miembros',
    'directoryEntry.listedHelp':
      'Desactivado hasta que lo active; desactivado de nuevo, su ficha sale del directorio en un minuto.',
    'directoryEntry.fields': 'Lo que muestra la ficha además de su nombre',
    'directoryEntry.fieldsHelp':
      'Tal como figura en los datos de su empresa: lo que cambie allí se muestra aquí también.',
    'directoryEntry.services': 'Sus servicios',
    'directoryEntry.servicesHelp': 'Se muestran cuando «{services}» está marcado arriba.',
    'directoryEntry.save': 'Guardar la ficha',
    'directoryEntry.saving': 'Guardando…',
    'directoryEntry.saved':
      '{listed, select, yes {Guardado: el directorio público muestra su ficha como en la vista previa en un minuto.} other {Guardado: su empresa no figura en el directorio público; una ficha mostrada hasta ahora sale de él en un minuto.}}',
    'directoryEntry.nothingChanged':
      'Nada difiere de la ficha guardada: cambie primero alguna opción.',
    'directoryEntry.conflict':
      'No guardado: la ficha se cambió en otro lugar desde que la abrió. Vuelva a cargarla para verla tal como está ahora y haga de nuevo su cambio.',
    'directoryEntry.reload': 'Volver a cargar la ficha',
    'directoryEntry.notAllowed':
      'No guardado: solo los titulares y los administradores modifican la ficha en el directorio.',
    'directoryEntry.failed': 'No se pudo guardar la ficha. Vuelva a intentarlo.',
    'directoryEntry.loadFailed':
      'No se pudo cargar la ficha en el directorio. Vuelva a intentarlo.',
    'directoryEntry.preview': 'Vista previa',
    'directoryEntry.previewIntro':
      '{state, select, shown {Su ficha tal como la muestra el directorio público, con sus opciones:} other {Su ficha tal como la mostraría el directorio público, con sus opciones:}}',
    'directoryEntry.afterSave': 'Se muestra una vez guardado: {fields}.',
    'directoryEntry.missing':
      'No figura en los datos de su empresa, así que no se muestra: {fields}.',
    'directoryEntry.noServices':
      '«{services}» está marcado, pero no se ha elegido ningún servicio.',
    'directoryEntry.companyLink': 'Cambiar los datos de la empresa',
  },
});

/**
 * The mails Zabuni sends, in the recipient's language, as HTML and plain text. Placeholders: {name},
 * {link}, {code}, {hours}, {minutes}, {title}, {reference}, {reason}, {item}, {amount}, {method}, {receipt},
 * {paidAt}, {plan}.
 */
export const MAIL_LANGUAGES = ['en', 'sw', 'fr', 'pt', 'am'] as const;
export type MailLanguage = (typeof MAIL_LANGUAGES)[number];

export type TemplateName =
  | 'activation'
  | 'password_reset'
  | 'sign_in_code'
  | 'existing_account'
  | 'password_changed'
  | 'two_factor_enabled'
  | 'tender_received'
  | 'tender_approved'
  | 'tender_rejected'
  | 'payment_receipt'
  | 'payment_flagged'
  | 'subscription_received'
  | 'approval_requested'
  | 'requisition_approved'
  | 'requisition_rejected'
  | 'requisition_returned'
  | 'member_invited'
  | 'member_invitation'
  | 'supplier_invited'
  | 'supplier_added'
  | 'purchase_order_approval_requested'
  | 'invoice_approval_requested'
  | 'purchase_order_sent'
  | 'purchase_order_acknowledged'
  | 'purchase_order_declined'
  | 'invoice_exception'
  | 'invoice_approved'
  | 'invoice_rejected'
  | 'credit_note_requested'
  | 'payment_recorded';

interface Texts {
  subject: string;
  lines: string[];
  action?: string;
  /** Mails about something the recipient did on purpose do not end with "if you did not ask for this". */
  expected?: true;
}

type Catalogue = Record<TemplateName, Texts> & { greeting: string; signature: string; ignore: string };

const CATALOGUES: Record<MailLanguage, Catalogue> = {
  en: {
    greeting: 'Hello {name},',
    signature: 'The Zabuni team, Nairobi',
    ignore: 'If you did not ask for this, you can ignore this email.',
    activation: {
      subject: 'Activate your Zabuni account',
      lines: [
        'Thank you for registering on Zabuni.',
        'Please confirm your email address to activate your account. The link is valid for {hours} hours.',
      ],
      action: 'Activate my account',
    },
    password_reset: {
      subject: 'Reset your Zabuni password',
      lines: [
        'We received a request to reset the password of your Zabuni account.',
        'The link is valid for {hours} hours and can be used once.',
      ],
      action: 'Choose a new password',
    },
    sign_in_code: {
      subject: 'Your Zabuni sign-in code: {code}',
      lines: [
        'Use this code to finish signing in to Zabuni: {code}',
        'The code is valid for {minutes} minutes.',
      ],
    },
    existing_account: {
      subject: 'You already have a Zabuni account',
      lines: [
        'Someone tried to register a new Zabuni account with this email address, which already has an account.',
        'If it was you, sign in or reset your password.',
      ],
      action: 'Reset my password',
    },
    password_changed: {
      subject: 'Your Zabuni password was changed',
      lines: [
        'The password of your Zabuni account was just changed.',
        'If you did not do this, reset your password at once and contact our support team.',
      ],
    },
    two_factor_enabled: {
      subject: 'Two-factor verification is now on',
      lines: [
        'Two-factor verification was turned on for your Zabuni account. Keep your recovery codes in a safe place.',
      ],
    },
    tender_received: {
      subject: 'We received your tender: {title}',
      lines: [
        'Thank you. Your tender "{title}" (order {reference}) is under review by our moderators.',
        'It is published on the bulletin once it is approved and paid. You can pay and follow it from your published tenders.',
      ],
      action: 'View my published tenders',
      expected: true,
    },
    tender_approved: {
      subject: 'Your tender is approved: {title}',
      lines: [
        'Good news: our moderators approved your tender "{title}" (order {reference}).',
        'Paid tenders appear on the public bulletin at once; if payment is still pending, it appears as soon as it is paid.',
      ],
      action: 'View my published tenders',
      expected: true,
    },
    tender_rejected: {
      subject: 'Your tender was not approved: {title}',
      lines: [
        'Our moderators could not approve your tender "{title}" (order {reference}).',
        'Reason: {reason}',
        'If you have questions, reply to this email or contact our support team.',
      ],
      action: 'View my published tenders',
      expected: true,
    },
    payment_receipt: {
      subject: 'Payment received: {reference}',
      lines: [
        'Thank you. We received your payment for {item}.',
        'Transaction ID: {receipt}',
        'Payment method: {method}',
        'Date and time: {paidAt}',
        'Total: {amount}',
      ],
      action: 'View your order',
      expected: true,
    },
    payment_flagged: {
      subject: 'Payment received but not applied: {reference}',
      lines: [
        'A payment for {item} ({reference}) was received but not applied to the order: {reason}.',
        'Payment method: {method}',
        'Transaction ID: {receipt}',
        'Order total: {amount}',
        'Please check it with the customer and refund it (or apply it by hand), then note what was done.',
      ],
      expected: true,
    },
    subscription_received: {
      subject: 'Your tender-alert subscription: {reference}',
      lines: [
        'Thank you for subscribing to Zabuni tender alerts ({plan} plan).',
        'Your alerts start as soon as your payment of {amount} is received.',
      ],
      action: 'Complete the payment',
      expected: true,
    },
    approval_requested: {
      subject: 'Approval needed: {reference} {title}',
      lines: [
        '{item} asks for your approval of requisition {reference} "{title}" for {amount}.',
        'Open it to approve it, reject it or return it for changes.',
      ],
      action: 'Review the requisition',
      expected: true,
    },
    requisition_approved: {
      subject: 'Requisition {reference} is approved',
      lines: [
        'Your requisition {reference} "{title}" for {amount} has been approved.',
        'It can now be turned into a purchase order.',
      ],
      action: 'Open the requisition',
      expected: true,
    },
    requisition_rejected: {
      subject: 'Requisition {reference} was rejected',
      lines: ['{item} rejected your requisition {reference} "{title}".', 'Reason: {reason}'],
      action: 'Open the requisition',
      expected: true,
    },
    requisition_returned: {
      subject: 'Requisition {reference} needs changes',
      lines: [
        '{item} returned your requisition {reference} "{title}" for changes.',
        'Comment: {reason}',
        'Change it and submit it again when it is ready.',
      ],
      action: 'Open the requisition',
      expected: true,
    },
    member_invited: {
      subject: 'You are invited to {title} on Zabuni',
      lines: [
        '{item} invited you to join {title} on Zabuni, the procurement platform, with these roles: {reference}.',
        'Choose your password to sign in. The link is valid for {hours} hours.',
      ],
      action: 'Choose my password',
    },
    member_invitation: {
      subject: '{item} invites you to join {title} on Zabuni',
      lines: [
        '{item} invites you to join {title} on Zabuni with these roles: {reference}.',
        'Sign in with this email address and accept the invitation. You gain access only once you accept. The link is valid for {hours} hours.',
      ],
      action: 'Accept the invitation',
    },
    supplier_invited: {
      subject: '{title} invites you to its supplier portal on Zabuni',
      lines: [
        '{item} of {title} has added {reference} to its suppliers on Zabuni.',
        'In the free supplier portal you receive purchase orders, send invoices and see your statement.',
        'Choose your password to sign in. The link is valid for {hours} hours.',
      ],
      action: 'Choose my password',
    },
    supplier_added: {
      subject: '{title} added you as a supplier on Zabuni',
      lines: [
        '{item} of {title} has added {reference} to its suppliers.',
        'Sign in and choose {title} in the portal to see its purchase orders.',
      ],
      action: 'Open the supplier portal',
      expected: true,
    },
    purchase_order_approval_requested: {
      subject: 'Approval needed: purchase order {reference}',
      lines: [
        '{item} asks for your approval of purchase order {reference} to {title} for {amount}.',
        'Open it to approve or reject it.',
      ],
      action: 'Review the purchase order',
      expected: true,
    },
    invoice_approval_requested: {
      subject: 'Approval needed: invoice {reference} from {title}',
      lines: [
        'Invoice {reference} from {title} for {amount} matches its purchase order and waits for your approval.',
        'Open it to approve or reject it.',
      ],
      action: 'Review the invoice',
      expected: true,
    },
    purchase_order_sent: {
      subject: 'New purchase order {reference} from {title}',
      lines: [
        '{title} has sent you purchase order {reference} for {amount}.',
        'Please acknowledge it, or decline it with a reason, in the supplier portal.',
      ],
      action: 'Open the purchase order',
      expected: true,
    },
    purchase_order_acknowledged: {
      subject: '{title} acknowledged purchase order {reference}',
      lines: ['{title} acknowledged purchase order {reference} and will deliver as ordered.'],
      action: 'Open the purchase order',
      expected: true,
    },
    purchase_order_declined: {
      subject: '{title} declined purchase order {reference}',
      lines: ['{title} declined purchase order {reference}.', 'Reason: {reason}'],
      action: 'Open the purchase order',
      expected: true,
    },
    invoice_exception: {
      subject: 'Invoice {reference} from {title} needs a decision',
      lines: [
        'Invoice {reference} from {title} for {amount} does not match its purchase order and goods received.',
        '{reason}',
        'Accept it with a reason, request a credit note or reject it.',
      ],
      action: 'Open the exception queue',
      expected: true,
    },
    invoice_approved: {
      subject: 'Invoice {reference} was approved',
      lines: [
        '{title} approved your invoice {reference} for {amount}.',
        'It will be paid according to the payment terms.',
      ],
      action: 'Open the invoice',
      expected: true,
    },
    invoice_rejected: {
      subject: 'Invoice {reference} was rejected',
      lines: ['{title} rejected your invoice {reference}.', 'Reason: {reason}'],
      action: 'Open the invoice',
      expected: true,
    },
    credit_note_requested: {
      subject: 'Credit note requested for invoice {reference}',
      lines: ['{title} asks for a credit note against your invoice {reference}.', 'Reason: {reason}'],
      action: 'Open the invoice',
      expected: true,
    },
    payment_recorded: {
      subject: 'Payment recorded: {amount} for invoice {reference}',
      lines: [
        '{title} recorded a payment of {amount} for your invoice {reference} (reference {item}).',
        'Your statement in the supplier portal shows the new balance.',
      ],
      action: 'Open my statement',
      expected: true,
    },
  },
  sw: {
    greeting: 'Habari {name},',
    signature: 'Timu ya Zabuni, Nairobi',
    ignore: 'Kama hukuomba hili, unaweza kupuuza barua pepe hii.',
    activation: {
      subject: 'Washa akaunti yako ya Zabuni',
      lines: [
        'Asante kwa kujisajili kwenye Zabuni.',
        'Tafadhali thibitisha anwani yako ya barua pepe ili kuwasha akaunti yako. Kiungo kinatumika kwa saa {hours}.',
      ],
      action: 'Washa akaunti yangu',
    },
    password_reset: {
      subject: 'Weka upya nenosiri lako la Zabuni',
      lines: [
        'Tumepokea ombi la kuweka upya nenosiri la akaunti yako ya Zabuni.',
        'Kiungo kinatumika kwa saa {hours} na kinaweza kutumika mara moja tu.',
      ],
      action: 'Chagua nenosiri jipya',
    },
    sign_in_code: {
      subject: 'Nambari yako ya kuingia Zabuni: {code}',
      lines: [
        'Tumia nambari hii kukamilisha kuingia kwenye Zabuni: {code}',
        'Nambari hii inatumika kwa dakika {minutes}.',
      ],
    },
    existing_account: {
      subject: 'Tayari una akaunti ya Zabuni',
      lines: [
        'Mtu alijaribu kusajili akaunti mpya ya Zabuni kwa anwani hii ya barua pepe, ambayo tayari ina akaunti.',
        'Kama ni wewe, ingia au weka upya nenosiri lako.',
      ],
      action: 'Weka upya nenosiri langu',
    },
    password_changed: {
      subject: 'Nenosiri lako la Zabuni limebadilishwa',
      lines: [
        'Nenosiri la akaunti yako ya Zabuni limebadilishwa sasa hivi.',
        'Kama si wewe, weka upya nenosiri lako mara moja na uwasiliane na timu yetu ya msaada.',
      ],
    },
    two_factor_enabled: {
      subject: 'Uthibitishaji wa hatua mbili umewashwa',
      lines: [
        'Uthibitishaji wa hatua mbili umewashwa kwa akaunti yako ya Zabuni. Hifadhi nambari zako za dharura mahali salama.',
      ],
    },
    tender_received: {
      subject: 'Tumepokea zabuni yako: {title}',
      lines: [
        'Asante. Zabuni yako "{title}" (agizo {reference}) inakaguliwa na wasimamizi wetu.',
        'Itachapishwa kwenye orodha ya zabuni baada ya kuidhinishwa na kulipiwa. Unaweza kulipa na kuifuatilia kwenye zabuni ulizochapisha.',
      ],
      action: 'Tazama zabuni nilizochapisha',
      expected: true,
    },
    tender_approved: {
      subject: 'Zabuni yako imeidhinishwa: {title}',
      lines: [
        'Habari njema: wasimamizi wetu wameidhinisha zabuni yako "{title}" (agizo {reference}).',
        'Zabuni iliyolipiwa inaonekana kwa umma mara moja; kama malipo bado yanasubiri, itaonekana punde yatakapokamilika.',
      ],
      action: 'Tazama zabuni nilizochapisha',
      expected: true,
    },
    tender_rejected: {
      subject: 'Zabuni yako haikuidhinishwa: {title}',
      lines: [
        'Wasimamizi wetu hawakuweza kuidhinisha zabuni yako "{title}" (agizo {reference}).',
        'Sababu: {reason}',
        'Ukiwa na maswali, jibu barua pepe hii au wasiliana na timu yetu ya msaada.',
      ],
      action: 'Tazama zabuni nilizochapisha',
      expected: true,
    },
    payment_receipt: {
      subject: 'Malipo yamepokelewa: {reference}',
      lines: [
        'Asante. Tumepokea malipo yako ya {item}.',
        'Nambari ya muamala: {receipt}',
        'Njia ya malipo: {method}',
        'Tarehe na saa: {paidAt}',
        'Jumla: {amount}',
      ],
      action: 'Tazama agizo lako',
      expected: true,
    },
    payment_flagged: {
      subject: 'Malipo yamepokelewa lakini hayajatumika: {reference}',
      lines: [
        'Malipo ya {item} ({reference}) yamepokelewa lakini hayajatumika kwa agizo: {reason}.',
        'Njia ya malipo: {method}',
        'Nambari ya muamala: {receipt}',
        'Jumla ya agizo: {amount}',
        'Tafadhali thibitisha na mteja na umrejeshee pesa (au yatumie kwa mkono), kisha andika kilichofanyika.',
      ],
      expected: true,
    },
    subscription_received: {
      subject: 'Usajili wako wa arifa za zabuni: {reference}',
      lines: [
        'Asante kwa kujisajili kupokea arifa za zabuni za Zabuni (mpango wa {plan}).',
        'Arifa zako zitaanza mara tu malipo yako ya {amount} yatakapopokelewa.',
      ],
      action: 'Kamilisha malipo',
      expected: true,
    },
    approval_requested: {
      subject: 'Idhini inahitajika: {reference} {title}',
      lines: [
        '{item} anaomba uidhinishe ombi la ununuzi {reference} "{title}" la {amount}.',
        'Lifungue ili kuliidhinisha, kulikataa au kulirudisha kwa marekebisho.',
      ],
      action: 'Kagua ombi la ununuzi',
      expected: true,
    },
    requisition_approved: {
      subject: 'Ombi la ununuzi {reference} limeidhinishwa',
      lines: [
        'Ombi lako la ununuzi {reference} "{title}" la {amount} limeidhinishwa.',
        'Sasa linaweza kugeuzwa kuwa agizo la ununuzi.',
      ],
      action: 'Fungua ombi la ununuzi',
      expected: true,
    },
    requisition_rejected: {
      subject: 'Ombi la ununuzi {reference} limekataliwa',
      lines: ['{item} amekataa ombi lako la ununuzi {reference} "{title}".', 'Sababu: {reason}'],
      action: 'Fungua ombi la ununuzi',
      expected: true,
    },
    requisition_returned: {
      subject: 'Ombi la ununuzi {reference} linahitaji marekebisho',
      lines: [
        '{item} amerudisha ombi lako la ununuzi {reference} "{title}" ili ulifanyie marekebisho.',
        'Maoni: {reason}',
        'Lirekebishe kisha uliwasilishe tena likiwa tayari.',
      ],
      action: 'Fungua ombi la ununuzi',
      expected: true,
    },
    member_invited: {
      subject: 'Umealikwa kujiunga na {title} kwenye Zabuni',
      lines: [
        '{item} amekualika ujiunge na {title} kwenye Zabuni, jukwaa la ununuzi, ukiwa na majukumu haya: {reference}.',
        'Chagua nenosiri lako ili uingie. Kiungo kinatumika kwa saa {hours}.',
      ],
      action: 'Chagua nenosiri langu',
    },
    member_invitation: {
      subject: '{item} anakualika ujiunge na {title} kwenye Zabuni',
      lines: [
        '{item} anakualika ujiunge na {title} kwenye Zabuni ukiwa na majukumu haya: {reference}.',
        'Ingia kwa anwani hii ya barua pepe kisha ukubali mwaliko. Utapata ruhusa baada ya kukubali tu. Kiungo kinatumika kwa saa {hours}.',
      ],
      action: 'Kubali mwaliko',
    },
    supplier_invited: {
      subject: '{title} inakualika kwenye lango lake la wasambazaji la Zabuni',
      lines: [
        '{item} wa {title} ameongeza {reference} kwenye orodha yao ya wasambazaji kwenye Zabuni.',
        'Kwenye lango la wasambazaji, ambalo ni bure, unapokea maagizo ya ununuzi, unatuma ankara na unaona taarifa ya akaunti yako.',
        'Chagua nenosiri lako ili uingie. Kiungo kinatumika kwa saa {hours}.',
      ],
      action: 'Chagua nenosiri langu',
    },
    supplier_added: {
      subject: '{title} imekuongeza kama msambazaji kwenye Zabuni',
      lines: [
        '{item} wa {title} ameongeza {reference} kwenye orodha yao ya wasambazaji.',
        'Ingia kisha uchague {title} kwenye lango ili uone maagizo yao ya ununuzi.',
      ],
      action: 'Fungua lango la wasambazaji',
      expected: true,
    },
    purchase_order_approval_requested: {
      subject: 'Idhini inahitajika: agizo la ununuzi {reference}',
      lines: [
        '{item} anaomba uidhinishe agizo la ununuzi {reference} kwa {title} la {amount}.',
        'Lifungue ili kuliidhinisha au kulikataa.',
      ],
      action: 'Kagua agizo la ununuzi',
      expected: true,
    },
    invoice_approval_requested: {
      subject: 'Idhini inahitajika: ankara {reference} kutoka {title}',
      lines: [
        'Ankara {reference} kutoka {title} ya {amount} inalingana na agizo lake la ununuzi na inasubiri idhini yako.',
        'Ifungue ili kuiidhinisha au kuikataa.',
      ],
      action: 'Kagua ankara',
      expected: true,
    },
    purchase_order_sent: {
      subject: 'Agizo jipya la ununuzi {reference} kutoka {title}',
      lines: [
        '{title} imekutumia agizo la ununuzi {reference} la {amount}.',
        'Tafadhali likubali, au ulikatae ukieleza sababu, kwenye lango la wasambazaji.',
      ],
      action: 'Fungua agizo la ununuzi',
      expected: true,
    },
    purchase_order_acknowledged: {
      subject: '{title} imekubali agizo la ununuzi {reference}',
      lines: ['{title} imekubali agizo la ununuzi {reference} na itawasilisha bidhaa kama zilivyoagizwa.'],
      action: 'Fungua agizo la ununuzi',
      expected: true,
    },
    purchase_order_declined: {
      subject: '{title} imekataa agizo la ununuzi {reference}',
      lines: ['{title} imekataa agizo la ununuzi {reference}.', 'Sababu: {reason}'],
      action: 'Fungua agizo la ununuzi',
      expected: true,
    },
    invoice_exception: {
      subject: 'Ankara {reference} kutoka {title} inahitaji uamuzi',
      lines: [
        'Ankara {reference} kutoka {title} ya {amount} hailingani na agizo lake la ununuzi na bidhaa zilizopokelewa.',
        '{reason}',
        'Ikubali ukieleza sababu, omba hati ya mkopo au uikatae.',
      ],
      action: 'Fungua foleni ya hitilafu',
      expected: true,
    },
    invoice_approved: {
      subject: 'Ankara {reference} imeidhinishwa',
      lines: [
        '{title} imeidhinisha ankara yako {reference} ya {amount}.',
        'Italipwa kulingana na masharti ya malipo.',
      ],
      action: 'Fungua ankara',
      expected: true,
    },
    invoice_rejected: {
      subject: 'Ankara {reference} imekataliwa',
      lines: ['{title} imekataa ankara yako {reference}.', 'Sababu: {reason}'],
      action: 'Fungua ankara',
      expected: true,
    },
    credit_note_requested: {
      subject: 'Hati ya mkopo imeombwa kwa ankara {reference}',
      lines: ['{title} inaomba hati ya mkopo kwa ankara yako {reference}.', 'Sababu: {reason}'],
      action: 'Fungua ankara',
      expected: true,
    },
    payment_recorded: {
      subject: 'Malipo yamerekodiwa: {amount} kwa ankara {reference}',
      lines: [
        '{title} imerekodi malipo ya {amount} kwa ankara yako {reference} (kumbukumbu {item}).',
        'Taarifa ya akaunti yako kwenye lango la wasambazaji inaonyesha salio jipya.',
      ],
      action: 'Fungua taarifa ya akaunti yangu',
      expected: true,
    },
  },
  fr: {
    greeting: 'Bonjour {name},',
    signature: 'L’équipe Zabuni, Nairobi',
    ignore: 'Si vous n’êtes pas à l’origine de cette demande, ignorez ce message.',
    activation: {
      subject: 'Activez votre compte Zabuni',
      lines: [
        'Merci de votre inscription sur Zabuni.',
        'Confirmez votre adresse e-mail pour activer votre compte. Le lien est valable {hours} heures.',
      ],
      action: 'Activer mon compte',
    },
    password_reset: {
      subject: 'Réinitialisez votre mot de passe Zabuni',
      lines: [
        'Nous avons reçu une demande de réinitialisation du mot de passe de votre compte Zabuni.',
        'Le lien est valable {hours} heures et ne peut servir qu’une fois.',
      ],
      action: 'Choisir un nouveau mot de passe',
    },
    sign_in_code: {
      subject: 'Votre code de connexion Zabuni : {code}',
      lines: [
        'Utilisez ce code pour terminer votre connexion à Zabuni : {code}',
        'Le code est valable {minutes} minutes.',
      ],
    },
    existing_account: {
      subject: 'Vous avez déjà un compte Zabuni',
      lines: [
        'Quelqu’un a tenté de créer un compte Zabuni avec cette adresse e-mail, qui a déjà un compte.',
        'Si c’était vous, connectez-vous ou réinitialisez votre mot de passe.',
      ],
      action: 'Réinitialiser mon mot de passe',
    },
    password_changed: {
      subject: 'Votre mot de passe Zabuni a été modifié',
      lines: [
        'Le mot de passe de votre compte Zabuni vient d’être modifié.',
        'Si ce n’est pas vous, réinitialisez-le immédiatement et contactez notre assistance.',
      ],
    },
    two_factor_enabled: {
      subject: 'La vérification en deux étapes est activée',
      lines: [
        'La vérification en deux étapes est activée sur votre compte Zabuni. Conservez vos codes de récupération en lieu sûr.',
      ],
    },
    tender_received: {
      subject: 'Nous avons reçu votre appel d’offres : {title}',
      lines: [
        'Merci. Votre appel d’offres « {title} » (commande {reference}) est en cours de vérification par nos modérateurs.',
        'Il sera publié dès qu’il est approuvé et payé. Vous pouvez le payer et le suivre depuis vos appels d’offres publiés.',
      ],
      action: 'Voir mes appels d’offres publiés',
      expected: true,
    },
    tender_approved: {
      subject: 'Votre appel d’offres est approuvé : {title}',
      lines: [
        'Bonne nouvelle : nos modérateurs ont approuvé votre appel d’offres « {title} » (commande {reference}).',
        'Un appel d’offres payé apparaît aussitôt dans le bulletin ; si le paiement est en attente, il apparaîtra dès qu’il sera payé.',
      ],
      action: 'Voir mes appels d’offres publiés',
      expected: true,
    },
    tender_rejected: {
      subject: 'Votre appel d’offres n’a pas été approuvé : {title}',
      lines: [
        'Nos modérateurs n’ont pas pu approuver votre appel d’offres « {title} » (commande {reference}).',
        'Motif : {reason}',
        'Pour toute question, répondez à cet e-mail ou contactez notre support.',
      ],
      action: 'Voir mes appels d’offres publiés',
      expected: true,
    },
    payment_receipt: {
      subject: 'Paiement reçu : {reference}',
      lines: [
        'Merci. Nous avons reçu votre paiement pour {item}.',
        'Identifiant de transaction : {receipt}',
        'Moyen de paiement : {method}',
        'Date et heure : {paidAt}',
        'Total : {amount}',
      ],
      action: 'Voir votre commande',
      expected: true,
    },
    payment_flagged: {
      subject: 'Paiement reçu mais non appliqué : {reference}',
      lines: [
        "Un paiement pour {item} ({reference}) a été reçu mais n'a pas été appliqué à la commande : {reason}.",
        'Moyen de paiement : {method}',
        'Identifiant de transaction : {receipt}',
        'Total de la commande : {amount}',
        "Veuillez vérifier avec le client et le rembourser (ou l'appliquer à la main), puis noter ce qui a été fait.",
      ],
      expected: true,
    },
    subscription_received: {
      subject: 'Votre abonnement aux alertes d’appels d’offres : {reference}',
      lines: [
        'Merci de vous être abonné aux alertes d’appels d’offres Zabuni (formule {plan}).',
        'Vos alertes commencent dès réception de votre paiement de {amount}.',
      ],
      action: 'Finaliser le paiement',
      expected: true,
    },
    approval_requested: {
      subject: 'Approbation requise : {reference} {title}',
      lines: [
        '{item} vous demande d’approuver la demande d’achat {reference} « {title} » d’un montant de {amount}.',
        'Ouvrez-la pour l’approuver, la rejeter ou la renvoyer pour modification.',
      ],
      action: 'Examiner la demande d’achat',
      expected: true,
    },
    requisition_approved: {
      subject: 'La demande d’achat {reference} est approuvée',
      lines: [
        'Votre demande d’achat {reference} « {title} » d’un montant de {amount} a été approuvée.',
        'Elle peut maintenant être transformée en bon de commande.',
      ],
      action: 'Ouvrir la demande d’achat',
      expected: true,
    },
    requisition_rejected: {
      subject: 'La demande d’achat {reference} a été rejetée',
      lines: ['{item} a rejeté votre demande d’achat {reference} « {title} ».', 'Motif : {reason}'],
      action: 'Ouvrir la demande d’achat',
      expected: true,
    },
    requisition_returned: {
      subject: 'La demande d’achat {reference} doit être modifiée',
      lines: [
        '{item} vous a renvoyé votre demande d’achat {reference} « {title} » pour modification.',
        'Commentaire : {reason}',
        'Modifiez-la, puis soumettez-la de nouveau lorsqu’elle est prête.',
      ],
      action: 'Ouvrir la demande d’achat',
      expected: true,
    },
    member_invited: {
      subject: 'Vous êtes invité à rejoindre {title} sur Zabuni',
      lines: [
        '{item} vous invite à rejoindre {title} sur Zabuni, la plateforme d’achats, avec les rôles suivants : {reference}.',
        'Choisissez votre mot de passe pour vous connecter. Le lien est valable {hours} heures.',
      ],
      action: 'Choisir mon mot de passe',
    },
    member_invitation: {
      subject: '{item} vous invite à rejoindre {title} sur Zabuni',
      lines: [
        '{item} vous invite à rejoindre {title} sur Zabuni avec les rôles suivants : {reference}.',
        'Connectez-vous avec cette adresse e-mail et acceptez l’invitation. Vous n’obtenez l’accès qu’une fois l’invitation acceptée. Le lien est valable {hours} heures.',
      ],
      action: 'Accepter l’invitation',
    },
    supplier_invited: {
      subject: '{title} vous invite à rejoindre son portail fournisseurs sur Zabuni',
      lines: [
        '{item}, de {title}, a ajouté {reference} à la liste de ses fournisseurs sur Zabuni.',
        'Le portail fournisseurs, gratuit, vous permet de recevoir des bons de commande, d’envoyer des factures et de consulter votre relevé de compte.',
        'Choisissez votre mot de passe pour vous connecter. Le lien est valable {hours} heures.',
      ],
      action: 'Choisir mon mot de passe',
    },
    supplier_added: {
      subject: '{title} vous a ajouté comme fournisseur sur Zabuni',
      lines: [
        '{item}, de {title}, a ajouté {reference} à la liste de ses fournisseurs.',
        'Connectez-vous, puis choisissez {title} dans le portail pour voir ses bons de commande.',
      ],
      action: 'Ouvrir le portail fournisseurs',
      expected: true,
    },
    purchase_order_approval_requested: {
      subject: 'Approbation requise : bon de commande {reference}',
      lines: [
        '{item} vous demande d’approuver le bon de commande {reference} adressé à {title}, d’un montant de {amount}.',
        'Ouvrez-le pour l’approuver ou le rejeter.',
      ],
      action: 'Examiner le bon de commande',
      expected: true,
    },
    invoice_approval_requested: {
      subject: 'Approbation requise : facture {reference} de {title}',
      lines: [
        'La facture {reference} de {title}, d’un montant de {amount}, correspond à son bon de commande et attend votre approbation.',
        'Ouvrez-la pour l’approuver ou la rejeter.',
      ],
      action: 'Examiner la facture',
      expected: true,
    },
    purchase_order_sent: {
      subject: 'Nouveau bon de commande {reference} de {title}',
      lines: [
        '{title} vous a envoyé le bon de commande {reference} d’un montant de {amount}.',
        'Merci d’en accuser réception, ou de le refuser en indiquant le motif, dans le portail fournisseurs.',
      ],
      action: 'Ouvrir le bon de commande',
      expected: true,
    },
    purchase_order_acknowledged: {
      subject: '{title} a accusé réception du bon de commande {reference}',
      lines: [
        '{title} a accusé réception du bon de commande {reference} et livrera conformément à la commande.',
      ],
      action: 'Ouvrir le bon de commande',
      expected: true,
    },
    purchase_order_declined: {
      subject: '{title} a refusé le bon de commande {reference}',
      lines: ['{title} a refusé le bon de commande {reference}.', 'Motif : {reason}'],
      action: 'Ouvrir le bon de commande',
      expected: true,
    },
    invoice_exception: {
      subject: 'La facture {reference} de {title} attend une décision',
      lines: [
        'La facture {reference} de {title} d’un montant de {amount} ne correspond pas à son bon de commande ni aux marchandises reçues.',
        '{reason}',
        'Acceptez-la en indiquant un motif, demandez un avoir ou rejetez-la.',
      ],
      action: 'Ouvrir la file des anomalies',
      expected: true,
    },
    invoice_approved: {
      subject: 'La facture {reference} a été approuvée',
      lines: [
        '{title} a approuvé votre facture {reference} d’un montant de {amount}.',
        'Elle sera payée selon les conditions de paiement.',
      ],
      action: 'Ouvrir la facture',
      expected: true,
    },
    invoice_rejected: {
      subject: 'La facture {reference} a été rejetée',
      lines: ['{title} a rejeté votre facture {reference}.', 'Motif : {reason}'],
      action: 'Ouvrir la facture',
      expected: true,
    },
    credit_note_requested: {
      subject: 'Avoir demandé pour la facture {reference}',
      lines: ['{title} vous demande un avoir sur votre facture {reference}.', 'Motif : {reason}'],
      action: 'Ouvrir la facture',
      expected: true,
    },
    payment_recorded: {
      subject: 'Paiement enregistré : {amount} pour la facture {reference}',
      lines: [
        '{title} a enregistré un paiement de {amount} pour votre facture {reference} (référence {item}).',
        'Votre relevé de compte dans le portail fournisseurs indique le nouveau solde.',
      ],
      action: 'Ouvrir mon relevé',
      expected: true,
    },
  },
  pt: {
    greeting: 'Olá {name},',
    signature: 'A equipa Zabuni, Nairobi',
    ignore: 'Se não fez este pedido, pode ignorar este e-mail.',
    activation: {
      subject: 'Ative a sua conta Zabuni',
      lines: [
        'Obrigado por se registar na Zabuni.',
        'Confirme o seu endereço de e-mail para ativar a conta. A ligação é válida durante {hours} horas.',
      ],
      action: 'Ativar a minha conta',
    },
    password_reset: {
      subject: 'Redefina a sua palavra-passe Zabuni',
      lines: [
        'Recebemos um pedido para redefinir a palavra-passe da sua conta Zabuni.',
        'A ligação é válida durante {hours} horas e só pode ser usada uma vez.',
      ],
      action: 'Escolher uma nova palavra-passe',
    },
    sign_in_code: {
      subject: 'O seu código de acesso Zabuni: {code}',
      lines: [
        'Use este código para concluir o acesso à Zabuni: {code}',
        'O código é válido durante {minutes} minutos.',
      ],
    },
    existing_account: {
      subject: 'Já tem uma conta Zabuni',
      lines: [
        'Alguém tentou registar uma nova conta Zabuni com este endereço de e-mail, que já tem conta.',
        'Se foi o próprio, entre ou redefina a palavra-passe.',
      ],
      action: 'Redefinir a palavra-passe',
    },
    password_changed: {
      subject: 'A sua palavra-passe Zabuni foi alterada',
      lines: [
        'A palavra-passe da sua conta Zabuni acabou de ser alterada.',
        'Se não foi o próprio, redefina-a de imediato e contacte o nosso apoio.',
      ],
    },
    two_factor_enabled: {
      subject: 'A verificação em dois passos está ativa',
      lines: [
        'A verificação em dois passos foi ativada na sua conta Zabuni. Guarde os códigos de recuperação num local seguro.',
      ],
    },
    tender_received: {
      subject: 'Recebemos o seu concurso: {title}',
      lines: [
        'Obrigado. O seu concurso "{title}" (encomenda {reference}) está a ser revisto pelos nossos moderadores.',
        'Será publicado assim que for aprovado e pago. Pode pagar e acompanhá-lo nos seus concursos publicados.',
      ],
      action: 'Ver os meus concursos publicados',
      expected: true,
    },
    tender_approved: {
      subject: 'O seu concurso foi aprovado: {title}',
      lines: [
        'Boas notícias: os nossos moderadores aprovaram o seu concurso "{title}" (encomenda {reference}).',
        'Um concurso pago aparece logo no boletim; se o pagamento estiver pendente, aparecerá assim que for pago.',
      ],
      action: 'Ver os meus concursos publicados',
      expected: true,
    },
    tender_rejected: {
      subject: 'O seu concurso não foi aprovado: {title}',
      lines: [
        'Os nossos moderadores não puderam aprovar o seu concurso "{title}" (encomenda {reference}).',
        'Motivo: {reason}',
        'Se tiver dúvidas, responda a este e-mail ou contacte o nosso apoio.',
      ],
      action: 'Ver os meus concursos publicados',
      expected: true,
    },
    payment_receipt: {
      subject: 'Pagamento recebido: {reference}',
      lines: [
        'Obrigado. Recebemos o seu pagamento de {item}.',
        'ID da transação: {receipt}',
        'Método de pagamento: {method}',
        'Data e hora: {paidAt}',
        'Total: {amount}',
      ],
      action: 'Ver a sua encomenda',
      expected: true,
    },
    payment_flagged: {
      subject: 'Pagamento recebido mas não aplicado: {reference}',
      lines: [
        'Um pagamento de {item} ({reference}) foi recebido mas não foi aplicado à encomenda: {reason}.',
        'Método de pagamento: {method}',
        'ID da transação: {receipt}',
        'Total da encomenda: {amount}',
        'Verifique com o cliente e reembolse-o (ou aplique-o manualmente) e registe o que foi feito.',
      ],
      expected: true,
    },
    subscription_received: {
      subject: 'A sua assinatura de alertas de concursos: {reference}',
      lines: [
        'Obrigado por assinar os alertas de concursos da Zabuni (plano {plan}).',
        'Os seus alertas começam assim que recebermos o seu pagamento de {amount}.',
      ],
      action: 'Concluir o pagamento',
      expected: true,
    },
    approval_requested: {
      subject: 'Aprovação necessária: {reference} {title}',
      lines: [
        '{item} pede a sua aprovação da requisição {reference} "{title}" no valor de {amount}.',
        'Abra-a para a aprovar, rejeitar ou devolver para alterações.',
      ],
      action: 'Rever a requisição',
      expected: true,
    },
    requisition_approved: {
      subject: 'A requisição {reference} foi aprovada',
      lines: [
        'A sua requisição {reference} "{title}" no valor de {amount} foi aprovada.',
        'Já pode ser convertida numa ordem de compra.',
      ],
      action: 'Abrir a requisição',
      expected: true,
    },
    requisition_rejected: {
      subject: 'A requisição {reference} foi rejeitada',
      lines: ['{item} rejeitou a sua requisição {reference} "{title}".', 'Motivo: {reason}'],
      action: 'Abrir a requisição',
      expected: true,
    },
    requisition_returned: {
      subject: 'A requisição {reference} precisa de alterações',
      lines: [
        '{item} devolveu a sua requisição {reference} "{title}" para alterações.',
        'Comentário: {reason}',
        'Altere-a e submeta-a novamente quando estiver pronta.',
      ],
      action: 'Abrir a requisição',
      expected: true,
    },
    member_invited: {
      subject: 'Foi convidado para {title} na Zabuni',
      lines: [
        '{item} convidou-o a juntar-se a {title} na Zabuni, a plataforma de compras, com estas funções: {reference}.',
        'Escolha a sua palavra-passe para entrar. A ligação é válida durante {hours} horas.',
      ],
      action: 'Escolher a minha palavra-passe',
    },
    member_invitation: {
      subject: '{item} convida-o a juntar-se a {title} na Zabuni',
      lines: [
        '{item} convida-o a juntar-se a {title} na Zabuni com estas funções: {reference}.',
        'Entre com este endereço de e-mail e aceite o convite. Só terá acesso depois de aceitar. A ligação é válida durante {hours} horas.',
      ],
      action: 'Aceitar o convite',
    },
    supplier_invited: {
      subject: '{title} convida-o para o portal de fornecedores na Zabuni',
      lines: [
        '{item}, de {title}, adicionou {reference} à lista de fornecedores da organização na Zabuni.',
        'No portal de fornecedores, gratuito, recebe ordens de compra, envia faturas e consulta o seu extrato.',
        'Escolha a sua palavra-passe para entrar. A ligação é válida durante {hours} horas.',
      ],
      action: 'Escolher a minha palavra-passe',
    },
    supplier_added: {
      subject: '{title} adicionou-o como fornecedor na Zabuni',
      lines: [
        '{item}, de {title}, adicionou {reference} à lista de fornecedores da organização.',
        'Entre e escolha {title} no portal para ver as respetivas ordens de compra.',
      ],
      action: 'Abrir o portal de fornecedores',
      expected: true,
    },
    purchase_order_approval_requested: {
      subject: 'Aprovação necessária: ordem de compra {reference}',
      lines: [
        '{item} pede a sua aprovação da ordem de compra {reference} para {title} no valor de {amount}.',
        'Abra-a para a aprovar ou rejeitar.',
      ],
      action: 'Rever a ordem de compra',
      expected: true,
    },
    invoice_approval_requested: {
      subject: 'Aprovação necessária: fatura {reference} de {title}',
      lines: [
        'A fatura {reference} de {title} no valor de {amount} corresponde à sua ordem de compra e aguarda a sua aprovação.',
        'Abra-a para a aprovar ou rejeitar.',
      ],
      action: 'Rever a fatura',
      expected: true,
    },
    purchase_order_sent: {
      subject: 'Nova ordem de compra {reference} de {title}',
      lines: [
        '{title} enviou-lhe a ordem de compra {reference} no valor de {amount}.',
        'Confirme-a ou recuse-a, indicando o motivo, no portal de fornecedores.',
      ],
      action: 'Abrir a ordem de compra',
      expected: true,
    },
    purchase_order_acknowledged: {
      subject: '{title} confirmou a ordem de compra {reference}',
      lines: ['{title} confirmou a ordem de compra {reference} e fará a entrega conforme encomendado.'],
      action: 'Abrir a ordem de compra',
      expected: true,
    },
    purchase_order_declined: {
      subject: '{title} recusou a ordem de compra {reference}',
      lines: ['{title} recusou a ordem de compra {reference}.', 'Motivo: {reason}'],
      action: 'Abrir a ordem de compra',
      expected: true,
    },
    invoice_exception: {
      subject: 'A fatura {reference} de {title} precisa de uma decisão',
      lines: [
        'A fatura {reference} de {title} no valor de {amount} não corresponde à ordem de compra nem aos bens recebidos.',
        '{reason}',
        'Aceite-a indicando o motivo, peça uma nota de crédito ou rejeite-a.',
      ],
      action: 'Abrir a fila de exceções',
      expected: true,
    },
    invoice_approved: {
      subject: 'A fatura {reference} foi aprovada',
      lines: [
        '{title} aprovou a sua fatura {reference} no valor de {amount}.',
        'Será paga de acordo com as condições de pagamento.',
      ],
      action: 'Abrir a fatura',
      expected: true,
    },
    invoice_rejected: {
      subject: 'A fatura {reference} foi rejeitada',
      lines: ['{title} rejeitou a sua fatura {reference}.', 'Motivo: {reason}'],
      action: 'Abrir a fatura',
      expected: true,
    },
    credit_note_requested: {
      subject: 'Nota de crédito pedida para a fatura {reference}',
      lines: ['{title} pede uma nota de crédito relativa à sua fatura {reference}.', 'Motivo: {reason}'],
      action: 'Abrir a fatura',
      expected: true,
    },
    payment_recorded: {
      subject: 'Pagamento registado: {amount} da fatura {reference}',
      lines: [
        '{title} registou um pagamento de {amount} relativo à sua fatura {reference} (referência {item}).',
        'O seu extrato no portal de fornecedores mostra o novo saldo.',
      ],
      action: 'Abrir o meu extrato',
      expected: true,
    },
  },
  am: {
    greeting: 'ሰላም {name}፣',
    signature: 'የZabuni ቡድን፣ ናይሮቢ',
    ignore: 'ይህን ካልጠየቁ ይህን ኢሜይል መተው ይችላሉ።',
    activation: {
      subject: 'የZabuni መለያዎን ያግብሩ',
      lines: ['በZabuni ስለተመዘገቡ እናመሰግናለን።', 'መለያዎን ለማግበር የኢሜይል አድራሻዎን ያረጋግጡ። ሊንኩ ለ{hours} ሰዓታት ያገለግላል።'],
      action: 'መለያዬን አግብር',
    },
    password_reset: {
      subject: 'የZabuni የይለፍ ቃልዎን ዳግም ያስጀምሩ',
      lines: [
        'የZabuni መለያዎን የይለፍ ቃል ዳግም ለማስጀመር ጥያቄ ደርሶናል።',
        'ሊንኩ ለ{hours} ሰዓታት የሚያገለግል ሲሆን አንድ ጊዜ ብቻ ነው የሚሰራው።',
      ],
      action: 'አዲስ የይለፍ ቃል ይምረጡ',
    },
    sign_in_code: {
      subject: 'የZabuni መግቢያ ኮድዎ፦ {code}',
      lines: ['ወደ Zabuni መግባትዎን ለማጠናቀቅ ይህን ኮድ ይጠቀሙ፦ {code}', 'ኮዱ ለ{minutes} ደቂቃዎች ያገለግላል።'],
    },
    existing_account: {
      subject: 'የZabuni መለያ አስቀድሞ አለዎት',
      lines: [
        'አንድ ሰው መለያ ባለው በዚህ የኢሜይል አድራሻ አዲስ የZabuni መለያ ለመመዝገብ ሞክሯል።',
        'እርስዎ ከሆኑ ይግቡ ወይም የይለፍ ቃልዎን ዳግም ያስጀምሩ።',
      ],
      action: 'የይለፍ ቃሌን ዳግም አስጀምር',
    },
    password_changed: {
      subject: 'የZabuni የይለፍ ቃልዎ ተቀይሯል',
      lines: [
        'የZabuni መለያዎ የይለፍ ቃል አሁን ተቀይሯል።',
        'ይህን ያላደረጉት እርስዎ ካልሆኑ ወዲያውኑ የይለፍ ቃልዎን ዳግም ያስጀምሩ እና የድጋፍ ቡድናችንን ያግኙ።',
      ],
    },
    two_factor_enabled: {
      subject: 'ባለሁለት ደረጃ ማረጋገጫ በርቷል',
      lines: ['ለZabuni መለያዎ ባለሁለት ደረጃ ማረጋገጫ በርቷል። የመልሶ ማግኛ ኮዶችዎን በአስተማማኝ ቦታ ያስቀምጡ።'],
    },
    tender_received: {
      subject: 'ጨረታዎን ተቀብለናል፦ {title}',
      lines: [
        'እናመሰግናለን። ጨረታዎ "{title}" (ትዕዛዝ {reference}) በአወያዮቻችን እየተገመገመ ነው።',
        'ከጸደቀና ክፍያው ከተፈጸመ በኋላ በማስታወቂያ ሰሌዳው ላይ ይታተማል። ከታተሙ ጨረታዎችዎ ገጽ መክፈልና መከታተል ይችላሉ።',
      ],
      action: 'የታተሙ ጨረታዎቼን እይ',
      expected: true,
    },
    tender_approved: {
      subject: 'ጨረታዎ ጸድቋል፦ {title}',
      lines: [
        'መልካም ዜና፦ አወያዮቻችን ጨረታዎን "{title}" (ትዕዛዝ {reference}) አጽድቀዋል።',
        'የተከፈለበት ጨረታ ወዲያውኑ ይታያል፤ ክፍያው ገና ከሆነ ልክ እንደተከፈለ ይታያል።',
      ],
      action: 'የታተሙ ጨረታዎቼን እይ',
      expected: true,
    },
    tender_rejected: {
      subject: 'ጨረታዎ አልጸደቀም፦ {title}',
      lines: [
        'አወያዮቻችን ጨረታዎን "{title}" (ትዕዛዝ {reference}) ማጽደቅ አልቻሉም።',
        'ምክንያት፦ {reason}',
        'ጥያቄ ካለዎት ለዚህ ኢሜይል ምላሽ ይስጡ ወይም የድጋፍ ቡድናችንን ያግኙ።',
      ],
      action: 'የታተሙ ጨረታዎቼን እይ',
      expected: true,
    },
    payment_receipt: {
      subject: 'ክፍያ ደርሷል፦ {reference}',
      lines: [
        'እናመሰግናለን። ለ{item} ያደረጉትን ክፍያ ተቀብለናል።',
        'የግብይት መለያ፦ {receipt}',
        'የክፍያ ዘዴ፦ {method}',
        'ቀን እና ሰዓት፦ {paidAt}',
        'ጠቅላላ፦ {amount}',
      ],
      action: 'ትዕዛዝዎን ይመልከቱ',
      expected: true,
    },
    payment_flagged: {
      subject: 'ክፍያ ደርሷል ግን አልተተገበረም፦ {reference}',
      lines: [
        'ለ{item} ({reference}) የተደረገ ክፍያ ደርሷል ግን ለትዕዛዙ አልተተገበረም፦ {reason}።',
        'የክፍያ ዘዴ፦ {method}',
        'የግብይት መለያ፦ {receipt}',
        'የትዕዛዙ ድምር፦ {amount}',
        'እባክዎ ከደንበኛው ጋር ያረጋግጡና ገንዘቡን ይመልሱ (ወይም በእጅ ይተግብሩት)፣ ከዚያም የተደረገውን ይመዝግቡ።',
      ],
      expected: true,
    },
    subscription_received: {
      subject: 'የጨረታ ማሳወቂያ ምዝገባዎ፦ {reference}',
      lines: ['ለZabuni የጨረታ ማሳወቂያዎች ስለተመዘገቡ እናመሰግናለን ({plan} ዕቅድ)።', 'የ{amount} ክፍያዎ እንደደረሰ ማሳወቂያዎችዎ ይጀምራሉ።'],
      action: 'ክፍያውን ያጠናቅቁ',
      expected: true,
    },
    approval_requested: {
      subject: 'ማጽደቅ ያስፈልጋል፦ {reference} {title}',
      lines: [
        '{item} የ{amount} የግዥ ጥያቄ {reference} "{title}" እንዲያጸድቁ ጠይቀዋል።',
        'ለማጽደቅ፣ ውድቅ ለማድረግ ወይም እንዲስተካከል ለመመለስ ይክፈቱት።',
      ],
      action: 'የግዥ ጥያቄውን ይገምግሙ',
      expected: true,
    },
    requisition_approved: {
      subject: 'የግዥ ጥያቄ {reference} ጸድቋል',
      lines: ['የ{amount} የግዥ ጥያቄዎ {reference} "{title}" ጸድቋል።', 'አሁን ወደ ግዥ ትዕዛዝ ሊቀየር ይችላል።'],
      action: 'የግዥ ጥያቄውን ይክፈቱ',
      expected: true,
    },
    requisition_rejected: {
      subject: 'የግዥ ጥያቄ {reference} ውድቅ ተደርጓል',
      lines: ['{item} የግዥ ጥያቄዎን {reference} "{title}" ውድቅ አድርገዋል።', 'ምክንያት፦ {reason}'],
      action: 'የግዥ ጥያቄውን ይክፈቱ',
      expected: true,
    },
    requisition_returned: {
      subject: 'የግዥ ጥያቄ {reference} ማስተካከያ ያስፈልገዋል',
      lines: [
        '{item} የግዥ ጥያቄዎን {reference} "{title}" እንዲያስተካክሉት መልሰዋል።',
        'አስተያየት፦ {reason}',
        'ያስተካክሉት፤ ዝግጁ ሲሆን እንደገና ያቅርቡት።',
      ],
      action: 'የግዥ ጥያቄውን ይክፈቱ',
      expected: true,
    },
    member_invited: {
      subject: 'በZabuni ላይ ወደ {title} ተጋብዘዋል',
      lines: [
        '{item} የግዥ መድረክ በሆነው Zabuni ላይ {title} እንዲቀላቀሉ በእነዚህ ሚናዎች ጋብዘዎታል፦ {reference}።',
        'ለመግባት የይለፍ ቃልዎን ይምረጡ። ሊንኩ ለ{hours} ሰዓታት ያገለግላል።',
      ],
      action: 'የይለፍ ቃሌን ልምረጥ',
    },
    member_invitation: {
      subject: '{item} በZabuni ላይ {title} እንዲቀላቀሉ ጋብዘዎታል',
      lines: [
        '{item} በZabuni ላይ {title} እንዲቀላቀሉ በእነዚህ ሚናዎች ጋብዘዎታል፦ {reference}።',
        'በዚህ የኢሜይል አድራሻ ይግቡ እና ግብዣውን ይቀበሉ። መዳረሻ የሚያገኙት ግብዣውን ከተቀበሉ በኋላ ብቻ ነው። ሊንኩ ለ{hours} ሰዓታት ያገለግላል።',
      ],
      action: 'ግብዣውን ተቀበል',
    },
    supplier_invited: {
      subject: '{title} በZabuni ላይ ወዳለው የአቅራቢዎች ፖርታሉ ጋብዞዎታል',
      lines: [
        'የ{title} ባልደረባ የሆኑት {item} {reference} በZabuni ላይ የድርጅቱ አቅራቢ ሆኖ እንዲመዘገብ አድርገዋል።',
        'በነጻው የአቅራቢዎች ፖርታል የግዥ ትዕዛዞችን ይቀበላሉ፣ ደረሰኞችን ይልካሉ እንዲሁም የሂሳብ መግለጫዎን ይመለከታሉ።',
        'ለመግባት የይለፍ ቃልዎን ይምረጡ። ሊንኩ ለ{hours} ሰዓታት ያገለግላል።',
      ],
      action: 'የይለፍ ቃሌን ልምረጥ',
    },
    supplier_added: {
      subject: '{title} በZabuni ላይ እንደ አቅራቢ አክሎዎታል',
      lines: [
        'የ{title} ባልደረባ የሆኑት {item} {reference} የድርጅቱ አቅራቢ ሆኖ እንዲመዘገብ አድርገዋል።',
        'የድርጅቱን የግዥ ትዕዛዞች ለማየት ይግቡ እና በፖርታሉ ውስጥ {title} ይምረጡ።',
      ],
      action: 'የአቅራቢዎች ፖርታሉን ይክፈቱ',
      expected: true,
    },
    purchase_order_approval_requested: {
      subject: 'ማጽደቅ ያስፈልጋል፦ የግዥ ትዕዛዝ {reference}',
      lines: [
        '{item} ለ{title} የተዘጋጀውን የ{amount} የግዥ ትዕዛዝ {reference} እንዲያጸድቁ ጠይቀዋል።',
        'ለማጽደቅ ወይም ውድቅ ለማድረግ ይክፈቱት።',
      ],
      action: 'የግዥ ትዕዛዙን ይገምግሙ',
      expected: true,
    },
    invoice_approval_requested: {
      subject: 'ማጽደቅ ያስፈልጋል፦ ከ{title} የመጣ ደረሰኝ {reference}',
      lines: [
        'ከ{title} የመጣው የ{amount} ደረሰኝ {reference} ከግዥ ትዕዛዙ ጋር ይዛመዳል፤ የእርስዎን ማጽደቅ ይጠብቃል።',
        'ለማጽደቅ ወይም ውድቅ ለማድረግ ይክፈቱት።',
      ],
      action: 'ደረሰኙን ይገምግሙ',
      expected: true,
    },
    purchase_order_sent: {
      subject: 'ከ{title} አዲስ የግዥ ትዕዛዝ {reference}',
      lines: [
        '{title} የ{amount} የግዥ ትዕዛዝ {reference} ልኮልዎታል።',
        'እባክዎ በአቅራቢዎች ፖርታል ውስጥ መቀበልዎን ያረጋግጡ ወይም ምክንያቱን ገልጸው ውድቅ ያድርጉት።',
      ],
      action: 'የግዥ ትዕዛዙን ይክፈቱ',
      expected: true,
    },
    purchase_order_acknowledged: {
      subject: '{title} የግዥ ትዕዛዙን {reference} ተቀብሏል',
      lines: ['{title} የግዥ ትዕዛዙን {reference} ተቀብሏል፤ በታዘዘው መሠረትም ያቀርባል።'],
      action: 'የግዥ ትዕዛዙን ይክፈቱ',
      expected: true,
    },
    purchase_order_declined: {
      subject: '{title} የግዥ ትዕዛዙን {reference} ውድቅ አድርጓል',
      lines: ['{title} የግዥ ትዕዛዙን {reference} ውድቅ አድርጓል።', 'ምክንያት፦ {reason}'],
      action: 'የግዥ ትዕዛዙን ይክፈቱ',
      expected: true,
    },
    invoice_exception: {
      subject: 'ከ{title} የመጣው ደረሰኝ {reference} ውሳኔ ይፈልጋል',
      lines: [
        'ከ{title} የመጣው የ{amount} ደረሰኝ {reference} ከግዥ ትዕዛዙ እና ከተረከቡት ዕቃዎች ጋር አይዛመድም።',
        '{reason}',
        'ምክንያት ገልጸው ይቀበሉት፣ የክሬዲት ማስታወሻ ይጠይቁ ወይም ውድቅ ያድርጉት።',
      ],
      action: 'ውሳኔ የሚጠብቁ ደረሰኞችን ይክፈቱ',
      expected: true,
    },
    invoice_approved: {
      subject: 'ደረሰኝ {reference} ጸድቋል',
      lines: ['{title} የ{amount} ደረሰኝዎን {reference} አጽድቋል።', 'በክፍያ ውሉ መሠረት ይከፈላል።'],
      action: 'ደረሰኙን ይክፈቱ',
      expected: true,
    },
    invoice_rejected: {
      subject: 'ደረሰኝ {reference} ውድቅ ተደርጓል',
      lines: ['{title} ደረሰኝዎን {reference} ውድቅ አድርጓል።', 'ምክንያት፦ {reason}'],
      action: 'ደረሰኙን ይክፈቱ',
      expected: true,
    },
    credit_note_requested: {
      subject: 'ለደረሰኝ {reference} የክሬዲት ማስታወሻ ተጠይቋል',
      lines: ['{title} ለደረሰኝዎ {reference} የክሬዲት ማስታወሻ እንዲያቀርቡ ጠይቋል።', 'ምክንያት፦ {reason}'],
      action: 'ደረሰኙን ይክፈቱ',
      expected: true,
    },
    payment_recorded: {
      subject: 'ክፍያ ተመዝግቧል፦ ለደረሰኝ {reference} {amount}',
      lines: [
        '{title} ለደረሰኝዎ {reference} የ{amount} ክፍያ መዝግቧል (ማጣቀሻ {item})።',
        'በአቅራቢዎች ፖርታል ያለው የሂሳብ መግለጫዎ አዲሱን ቀሪ ሂሳብ ያሳያል።',
      ],
      action: 'የሂሳብ መግለጫዬን እይ',
      expected: true,
    },
  },
};

export interface TemplateParams {
  name: string;
  link?: string;
  code?: string;
  hours?: number;
  minutes?: number;
  title?: string;
  reference?: string;
  reason?: string;
  item?: string;
  amount?: string;
  method?: string;
  receipt?: string;
  paidAt?: string;
  plan?: string;
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!,
  );

function fill(text: string, params: TemplateParams): string {
  return text.replace(/\{(\w+)\}/g, (whole, key: string) => {
    const value = params[key as keyof TemplateParams];
    return value === undefined ? whole : String(value);
  });
}

export function normaliseMailLanguage(language: string | null | undefined): MailLanguage {
  return (MAIL_LANGUAGES as readonly string[]).includes(language ?? '') ? (language as MailLanguage) : 'en';
}

export function renderMail(template: TemplateName, language: string, params: TemplateParams): RenderedMail {
  const catalogue = CATALOGUES[normaliseMailLanguage(language)];
  const texts = catalogue[template];
  const subject = fill(texts.subject, params);
  const greeting = fill(catalogue.greeting, params);
  const lines = texts.lines.map((line) => fill(line, params));
  const action = texts.action && params.link ? { label: texts.action, href: params.link } : null;
  const footer = texts.expected ? [catalogue.signature] : [catalogue.ignore, catalogue.signature];

  const text = [
    greeting,
    '',
    ...lines,
    ...(action ? ['', `${action.label}: ${action.href}`] : []),
    '',
    ...footer,
  ].join('\n');
  const html = `<!doctype html><html lang="${normaliseMailLanguage(language)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;background:#f4f6f5;font-family:system-ui,-apple-system,'Segoe UI',Roboto,'Noto Sans Ethiopic',Arial,sans-serif;color:#1f2933">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:10px;overflow:hidden">
<tr><td style="background:#0b6e4f;color:#ffffff;padding:18px 24px;font-size:20px;font-weight:700">Zabuni</td></tr>
<tr><td style="padding:24px;font-size:15px;line-height:1.55">
<p style="margin:0 0 14px">${escapeHtml(greeting)}</p>
${lines.map((line) => `<p style="margin:0 0 14px">${escapeHtml(line)}</p>`).join('\n')}
${action ? `<p style="margin:22px 0"><a href="${escapeHtml(action.href)}" style="background:#0b6e4f;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:6px;display:inline-block;font-weight:600">${escapeHtml(action.label)}</a></p><p style="margin:0 0 14px;font-size:12px;color:#52606d;word-break:break-all">${escapeHtml(action.href)}</p>` : ''}
<p style="margin:18px 0 0;font-size:13px;color:#52606d">${footer.map(escapeHtml).join('<br>')}</p>
</td></tr></table></td></tr></table></body></html>`;
  return { subject, text, html };
}

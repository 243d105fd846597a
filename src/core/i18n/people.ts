/**
 * Texts of the people side: the messages
 * for the validation codes the API and the site's forms share (`validation.<code>`, see
 * src/core/validation/field-error.ts).
 */
export const nl = {
  "validation.required": "Dit veld is verplicht.",
  "validation.invalid": "Deze waarde is ongeldig.",
  "validation.too_long": "Dit is te lang.",
  "validation.plain_name": "Vul hier alleen een naam in, zonder webadres of telefoonnummer.",
  "validation.email": "Vul een geldig e-mailadres in, bijvoorbeeld naam@bedrijf.nl.",
  "validation.phone": "Dit lijkt geen geldig Nederlands telefoonnummer.",
  "validation.mobile":
    "Dit lijkt geen geldig Nederlands 06-nummer. Controleer het nummer en probeer het opnieuw.",
  "validation.postal_code": "Vul een geldige postcode in, bijvoorbeeld 1234 AB.",
  "validation.iban": "Vul een geldig Nederlands IBAN in, bijvoorbeeld NL91 ABNA 0417 1643 00.",
  "validation.vat_number": "Vul een geldig btw-nummer in, bijvoorbeeld NL123456789B01.",
  "validation.kvk_number": "Een KvK-nummer bestaat uit 8 cijfers.",
  "validation.permissions_required": "Selecteer minimaal één recht voor de gebruiker.",
  "validation.permission_not_assignable": "Dit recht kunt u niet toekennen.",
  "validation.already_linked": "Deze gebruiker heeft al toegang tot dit account.",
  "validation.self_delete": "U kunt uzelf niet verwijderen.",
  "validation.own_user_management": "U kunt uw eigen recht op gebruikersbeheer niet intrekken.",
  "validation.last_user_manager": "Een account houdt altijd minimaal één gebruiker met gebruikersbeheer.",
  "validation.administrator_protected":
    "Een beheerder van Van Dam Dranken kunt u hier niet wijzigen of verwijderen.",
  "validation.own_permissions": "U kunt uw eigen rechten niet wijzigen; dat kan de hoofdgebruiker.",
  "validation.main_user_protected": "Alleen de hoofdgebruiker of een beheerder kan de hoofdgebruiker wijzigen.",
  "validation.main_user_remove": "De hoofdgebruiker kan niet worden verwijderd. Draag de rol eerst over aan een collega.",
  "validation.main_user_manages": "De hoofdgebruiker houdt altijd het recht op gebruikersbeheer.",
  "validation.permission_not_held": "U kunt alleen rechten toekennen die u zelf op dit account heeft.",
  "validation.user_management_protected":
    "Alleen de hoofdgebruiker of een beheerder kan gebruikersbeheer toekennen of intrekken.",
  "validation.already_main_user": "Deze gebruiker is al de hoofdgebruiker.",
} as const;

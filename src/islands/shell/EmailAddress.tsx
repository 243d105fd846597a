import { Fragment } from "react";
import { emailBreaks } from "../../core/portal/email-breaks.ts";

/** An e-mail address that wraps only before its @ and its dots (see emailBreaks). */
export function EmailAddress({ address }: { address: string }) {
  return emailBreaks(address).map((part, index) => (
    <Fragment key={index}>
      {index > 0 && <wbr />}
      {part}
    </Fragment>
  ));
}

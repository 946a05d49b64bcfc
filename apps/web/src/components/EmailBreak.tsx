/** An e-mail address that a narrow column breaks after the @ rather than anywhere (or not at all). */
export function EmailBreak({ email }: { email: string }) {
  const at = email.indexOf('@') + 1;
  return (
    <>
      {email.slice(0, at)}
      <wbr />
      {email.slice(at)}
    </>
  );
}

import { useQuery } from '@tanstack/react-query';
import { listEutes, adminKeys } from '../admin';
import { useMe } from '../auth';

export interface BankOption {
  value: string;
  label: string;
}

/**
 * The banks the user may import into: any active bank for admins, their own for employees. An
 * empty list means the server decides alone (the one bank of an employee).
 */
export function useImportBanks(): { banks: BankOption[]; choose: boolean } {
  const me = useMe();
  const admin = me.data?.admin ?? false;
  const eutes = useQuery({ queryKey: adminKeys.eutes('active'), queryFn: () => listEutes('active'), enabled: admin });
  const banks = admin
    ? (eutes.data ?? []).map((eute) => ({
        value: eute.id,
        label: eute.euteNumber ? `${eute.name} (${eute.euteNumber})` : eute.name,
      }))
    : (me.data?.eutes ?? []).map((eute) => ({ value: eute.id, label: eute.name }));
  return { banks, choose: admin || banks.length > 1 };
}

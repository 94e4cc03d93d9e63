import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Firm } from '../../../../contract/firm';
import { toast } from '../../stores/toasts';
import { queryKeys } from '../queries';

export type Member = Firm['members'][number];

/** Every change to the firm is read back whole: members, invitations and cards move together. */
export function useFirmChange<Input>(run: (input: Input) => Promise<{ message: string }>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: async (answer) => {
      toast.success(answer.message);
      await client.invalidateQueries({ queryKey: queryKeys.firm });
      await client.invalidateQueries({ queryKey: ['firm_cards'] });
    },
    onError: (error) => toast.error(error.message),
  });
}

/** A change whose answer is the firm as it now is: shown at once, and said. */
export function useFirmSaved<Input>(run: (input: Input) => Promise<{ message: string; data: Firm }>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: (answer) => {
      client.setQueryData(queryKeys.firm, answer.data);
      toast.success(answer.message);
    },
    onError: (error) => toast.error(error.message),
  });
}

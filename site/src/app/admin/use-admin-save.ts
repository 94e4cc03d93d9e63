import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from '../../stores/toasts';
import { ADMIN_ORDERS } from './api';

/**
 * What the tracking and status forms share: the notify tick, the save with the spec's two toasts (SPEC §8
 * "Admin"), the server's reason kept under the form, and the list refreshed after a change.
 */
export function useAdminSave(
  send: (notify: boolean) => Promise<unknown>,
  words: { done: string; failed: string },
) {
  const client = useQueryClient();
  const [notify, setNotify] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: () => send(notify),
    onSuccess: async () => {
      setProblem(null);
      setNotify(false);
      toast.success(words.done);
      await client.invalidateQueries({ queryKey: ADMIN_ORDERS });
    },
    onError: (error) => {
      setProblem(error.message);
      toast.error(words.failed);
    },
  });
  return { save, notify, setNotify, problem };
}

// Saving from the detail page (docs/product.md §4, §8): one field at a time with '{Field name} updated successfully!', and a
// batch path that gathers changes and sends them together after 2 s without a new one.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { CustomFieldValue } from '../../../common/contracts/custom-fields';
import { MESSAGES } from '../../../common/domain/messages';
import { TIMINGS } from '../../../common/domain/options';
import { fieldLabel, type OopsFieldName } from '../../../common/domain/oops-fields';
import { OOPS_TEXTS } from '../../../common/domain/oops-texts';
import { readToken } from '../../lib/session/token-storage';
import { useSession } from '../../lib/session/use-session';
import { toastError, toastSuccess, toastWarning } from '../../lib/toast';
import { errorMessage } from '../../lib/transport';
import { useUpdateOops, type UpdateOopsInput } from './api/update-oops';
import { saveErrorText } from './save-errors';

export type BatchValues = Partial<Record<OopsFieldName, unknown>>;

export class NotSignedInError extends Error {
  constructor() {
    super(OOPS_TEXTS.loginToEdit);
    this.name = 'NotSignedInError';
  }
}

/**
 * `current` returns the stored values, so the batch sends only fields that really differ from them.
 * Returns saveField (rejects on failure, after the toast) and the batch: queue, the values waiting, and flush.
 */
export function useFieldSaver(id: number, current: () => BatchValues) {
  const update = useUpdateOops(id);
  const { user } = useSession();
  const [queued, setQueued] = useState<BatchValues>({});
  const [sending, setSending] = useState<BatchValues>({});
  const queuedRef = useRef<BatchValues>({});
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const currentRef = useRef(current);
  currentRef.current = current;

  const signedIn = useCallback(() => {
    if (user && readToken()) return true;
    toastWarning(OOPS_TEXTS.loginToEdit);
    return false;
  }, [user]);

  const flush = useCallback(async () => {
    clearTimeout(timer.current);
    const stored = currentRef.current();
    const body = Object.fromEntries(
      Object.entries(queuedRef.current).filter(([k, v]) => stored[k as OopsFieldName] !== v),
    ) as UpdateOopsInput;
    queuedRef.current = {};
    setQueued({});
    const n = Object.keys(body).length;
    if (n === 0) return;
    if (!signedIn()) return;
    setSending(body);
    try {
      await update(body);
      toastSuccess(OOPS_TEXTS.batchUpdated(n));
    } catch (error) {
      // Dropping the values sent shows the stored ones again: the revert.
      toastError(OOPS_TEXTS.batchFailed(errorMessage(error, MESSAGES.networkError)));
    } finally {
      setSending({});
    }
  }, [signedIn, update]);

  const queue = useCallback(
    (field: OopsFieldName, value: unknown) => {
      queuedRef.current = { ...queuedRef.current, [field]: value };
      setQueued(queuedRef.current);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => void flush(), TIMINGS.batchSaveIdleMs);
    },
    [flush],
  );

  // Leaving the page with changes still waiting sends them rather than losing them.
  useEffect(
    () => () => {
      clearTimeout(timer.current);
      if (Object.keys(queuedRef.current).length > 0) {
        update(queuedRef.current as UpdateOopsInput).catch(() => undefined);
      }
    },
    [update],
  );

  const saveField = useCallback(
    async (field: OopsFieldName, value: unknown) => {
      if (!signedIn()) throw new NotSignedInError();
      // Waiting batch changes go first, so that, say, closing the incident does not strand them.
      await flush();
      try {
        await update({ [field]: value });
      } catch (error) {
        toastError(saveErrorText(error));
        throw error;
      }
      toastSuccess(OOPS_TEXTS.fieldUpdated(fieldLabel(field)));
    },
    [flush, signedIn, update],
  );

  /** A custom field's value (null clears it), saved like a built-in field and named by its label in the toast. */
  const saveCustomField = useCallback(
    async (key: string, label: string, value: CustomFieldValue | null) => {
      if (!signedIn()) throw new NotSignedInError();
      await flush();
      try {
        await update({ custom_fields: { [key]: value } });
      } catch (error) {
        toastError(saveErrorText(error));
        throw error;
      }
      toastSuccess(OOPS_TEXTS.fieldUpdated(label));
    },
    [flush, signedIn, update],
  );

  return { saveField, saveCustomField, queue, flush, waiting: { ...sending, ...queued } };
}

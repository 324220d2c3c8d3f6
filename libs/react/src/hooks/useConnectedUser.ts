import { createServiceRef } from '@portico/kernel';
import { useEffect, useState } from 'react';
import { usePortico } from './usePortico';

/** Who is signed in through a login connector (spec §3 "Connected user"): the login's e-mail and the account's name at a social provider. */
export interface ConnectedUser {
  readonly email?: string | undefined;
  readonly userName?: string | undefined;
}

/**
 * Provided by a plugin whose connector is a login (the e-mail plugin for AUTH): the connected
 * user of `connectorId`, or undefined for a connector it does not own.
 */
export type ConnectedUserSource = (connectorId: string) => Promise<ConnectedUser | undefined>;
export const connectedUserRef = createServiceRef<ConnectedUserSource>('react/connected-user');

/** The connected user of a login connector (undefined for a wallet, or while it is read). */
export function useConnectedUser(connectorId: string | undefined): ConnectedUser | undefined {
  const { kernel } = usePortico('useConnectedUser');
  const [user, setUser] = useState<{ of: string; user: ConnectedUser | undefined }>();
  useEffect(() => {
    if (!connectorId || !kernel.hasService(connectedUserRef)) return;
    let live = true;
    kernel
      .getService(connectedUserRef)(connectorId)
      .then(
        (found) => live && setUser({ of: connectorId, user: found }),
        () => undefined,
      );
    return () => {
      live = false;
    };
  }, [kernel, connectorId]);
  return user !== undefined && user.of === connectorId ? user.user : undefined;
}

package dev.widefeed.erasure;

import dev.widefeed.account.AccountService;
import dev.widefeed.account.AccountStore;
import dev.widefeed.account.ErasureState;
import dev.widefeed.account.Password;
import dev.widefeed.eventlog.EventLog;
import dev.widefeed.kernel.DomainException;
import dev.widefeed.kernel.Ownership;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Optional;

/**
 * Asking for an account's erasure, and seeing where it stands (docs/design.md, "Account deletion"). The request
 * proves the password, logs the erasure before anything changes, records it and closes the account (no sign-in, no
 * token works); the event log's worker does the rest ({@link AccountErasureHandler}).
 */
public final class ErasureService {
    private final AccountService accounts;
    private final AccountStore store;
    private final EventLog log;
    private final Clock clock;

    public ErasureService(AccountService accounts, AccountStore store, EventLog log, Clock clock) {
        this.accounts = accounts;
        this.store = store;
        this.log = log;
        this.clock = clock;
    }

    /** 403 for someone else's account, or a password that is not the account's (an account without one sets one). */
    public ErasureState request(long me, long userId, Password password) {
        Ownership.require(me, userId, "only its owner erases an account");
        if (!accounts.passwordMatches(me, password)) {
            throw DomainException.forbidden("password: is missing or wrong");
        }
        Instant now = clock.instant().truncatedTo(ChronoUnit.MILLIS);
        log.append(AccountErasureHandler.KIND, me, me); // first: from here on the erasure runs to its end
        store.recordErasure(me, now);
        accounts.close(me);
        return new ErasureState(me, now, Optional.empty());
    }

    /** 404 when no erasure of the user was asked for (or its record has expired). */
    public ErasureState status(long userId) {
        return store.erasure(userId).orElseThrow(() -> DomainException.notFound("no erasure of user " + userId));
    }
}

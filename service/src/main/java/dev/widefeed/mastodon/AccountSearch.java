package dev.widefeed.mastodon;

import dev.widefeed.directory.NameDirectory;
import dev.widefeed.kernel.DomainException;
import java.util.List;

/**
 * Accounts found by a query, as the directory finds people (docs/design.md, "Finding people"): the beginning of a
 * handle or of a word of a name. Mastodon pages search results by {@code offset}; the directory answers the first
 * {@value NameDirectory#MAX_LIMIT} of a query, so an offset pages within those.
 */
final class AccountSearch {
    private final NameDirectory directory;
    private final Accounts accounts;

    AccountSearch(NameDirectory directory, Accounts accounts) {
        this.directory = directory;
        this.accounts = accounts;
    }

    /** Up to {@code limit} accounts after the first {@code offset}; none for a query without a letter or digit. */
    List<Entities.Account> find(String q, int limit, int offset, Presenter presenter) {
        int reach = Math.min(NameDirectory.MAX_LIMIT, offset + limit);
        if (offset >= reach) {
            return List.of();
        }
        List<Long> ids;
        try {
            ids = directory.find(q, reach);
        } catch (DomainException e) {
            return List.of(); // Mastodon answers a query it cannot use with nothing found
        }
        return accounts.inOrder(ids.subList(Math.min(offset, ids.size()), ids.size()), presenter);
    }

    /** The query a search asks for; 400 without one. */
    static String query(Fields fields) {
        return fields.get("q").filter(q -> !q.isBlank()).orElseThrow(() -> new MastodonException(400, "q is required"));
    }
}

package dev.widefeed.mastodon;

import dev.widefeed.graph.User;
import dev.widefeed.graph.UserCounts;
import dev.widefeed.graph.UserService;
import dev.widefeed.post.PostDetails;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Accounts and statuses for a page: every author's profile and counts read in one batch through the cache tier, as the
 * native pages read their authors.
 */
final class Accounts {
    private final UserService users;

    Accounts(UserService users) {
        this.users = users;
    }

    /** The accounts of {@code ids} that exist, by id. */
    Map<Long, Entities.Account> of(Set<Long> ids, Presenter presenter) {
        Map<Long, Entities.Account> accounts = new HashMap<>();
        if (ids.isEmpty()) {
            return accounts;
        }
        for (Map.Entry<User, UserCounts> found : users.onPages(new ArrayList<>(ids))) {
            accounts.put(found.getKey().id(), presenter.account(found.getKey(), found.getValue()));
        }
        return accounts;
    }

    /** The accounts of {@code ids} that exist, in the order of the ids. */
    List<Entities.Account> inOrder(List<Long> ids, Presenter presenter) {
        Map<Long, Entities.Account> found = of(new LinkedHashSet<>(ids), presenter);
        return ids.stream().map(found::get).filter(a -> a != null).toList();
    }

    /** The posts as statuses, in order; a post whose author is gone is left out. */
    List<Entities.Status> statuses(List<PostDetails> posts, Presenter presenter) {
        Set<Long> authors = new LinkedHashSet<>();
        posts.forEach(p -> authors.addAll(Presenter.authors(p)));
        Map<Long, Entities.Account> accounts = of(authors, presenter);
        return posts.stream()
                .filter(p -> Presenter.authors(p).stream().allMatch(accounts::containsKey))
                .map(p -> presenter.status(p, accounts))
                .toList();
    }

    Entities.Status status(PostDetails post, Presenter presenter) {
        List<Entities.Status> one = statuses(List.of(post), presenter);
        if (one.isEmpty()) {
            throw new MastodonException(404, "Record not found");
        }
        return one.get(0);
    }
}

package dev.widefeed.mastodon;

import dev.widefeed.feed.home.HomeTimelineService;
import dev.widefeed.graph.UserService;
import dev.widefeed.post.PostDetails;
import java.util.List;

/**
 * A page of the home timeline as statuses: read by {@link HomeTimelineService} itself, its authors' accounts in one
 * batch. Public for the perf module, which counts what a page costs the store on this face and on the native one.
 */
public final class HomeStatuses {
    private final HomeTimelineService home;
    private final Accounts accounts;

    public HomeStatuses(HomeTimelineService home, UserService users) {
        this.home = home;
        this.accounts = new Accounts(users);
    }

    public List<Entities.Status> page(long me, IdPaging<Long> paging, Presenter presenter) {
        List<PostDetails> page = paging.read(
                (before, limit) -> home.home(me, me, before, limit),
                p -> p.post().id());
        return accounts.statuses(page, presenter);
    }
}

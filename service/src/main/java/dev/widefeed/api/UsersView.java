package dev.widefeed.api;

import java.util.List;

/** Users asked for by id, in the order asked; unknown ones left out. */
public record UsersView(List<UserView> items) {}

package dev.widefeed.api;

import java.util.List;

public record PostsView(List<PostView> items) {}

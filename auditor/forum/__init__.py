"""The forum side: URLs, polite HTTP, page parsing and the crawl that stores posts."""

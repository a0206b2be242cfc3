"""The forum side: polite HTTP, page parsing and the crawl that stores posts."""

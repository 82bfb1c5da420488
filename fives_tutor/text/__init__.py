"""Language and text for people: choosing a language and translating (i18n), display
width, wrapping at word boundaries, tables, right-to-left output and the fallback for
terminals that cannot show every character. It knows nothing of dominoes.
"""

x = "unterminated
y = 'a\'b\x41\u00e9\N{DASH}'
z = """triple
quoted""" + r"raw\n" + b"bytes"
w = f"{x}"

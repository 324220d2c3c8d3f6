// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

/// A plain ERC-20 for the local chain: its initial supply minted to the deployer, more through the faucet (`mint`).
contract TestToken {
    string public name;
    string public symbol;
    uint8 public immutable decimals;
    uint256 public totalSupply;
    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);

    constructor(string memory name_, string memory symbol_, uint8 decimals_, uint256 supply) {
        name = name_;
        symbol = symbol_;
        decimals = decimals_;
        totalSupply = supply;
        balanceOf[msg.sender] = supply;
        emit Transfer(address(0), msg.sender, supply);
    }

    function transfer(address to, uint256 value) external returns (bool) {
        _move(msg.sender, to, value);
        return true;
    }

    /// A faucet, as test tokens on public testnets have: anyone mints to anyone.
    function mint(address to, uint256 value) external {
        require(to != address(0), "ERC20: mint to the zero address");
        totalSupply += value;
        balanceOf[to] += value;
        emit Transfer(address(0), to, value);
    }

    function approve(address spender, uint256 value) external returns (bool) {
        allowance[msg.sender][spender] = value;
        emit Approval(msg.sender, spender, value);
        return true;
    }

    function transferFrom(address from, address to, uint256 value) external returns (bool) {
        uint256 allowed = allowance[from][msg.sender];
        require(allowed >= value, "ERC20: insufficient allowance");
        if (allowed != type(uint256).max) allowance[from][msg.sender] = allowed - value;
        _move(from, to, value);
        return true;
    }

    function _move(address from, address to, uint256 value) private {
        require(to != address(0), "ERC20: transfer to the zero address");
        require(balanceOf[from] >= value, "ERC20: transfer amount exceeds balance");
        balanceOf[from] -= value;
        balanceOf[to] += value;
        emit Transfer(from, to, value);
    }
}

/// A plain ERC-721 whose token URIs are `data:` JSON with an image; ids 1..count minted to the deployer.
contract TestCollectible {
    string public name;
    string public symbol;
    string private imageUri;
    mapping(uint256 => address) public ownerOf;
    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => bool)) public isApprovedForAll;
    mapping(uint256 => address) public getApproved;

    event Transfer(address indexed from, address indexed to, uint256 indexed tokenId);
    event Approval(address indexed owner, address indexed approved, uint256 indexed tokenId);
    event ApprovalForAll(address indexed owner, address indexed operator, bool approved);

    constructor(string memory name_, string memory symbol_, string memory imageUri_, uint256 count) {
        name = name_;
        symbol = symbol_;
        imageUri = imageUri_;
        for (uint256 id = 1; id <= count; id++) {
            ownerOf[id] = msg.sender;
            emit Transfer(address(0), msg.sender, id);
        }
        balanceOf[msg.sender] = count;
    }

    function supportsInterface(bytes4 id) external pure returns (bool) {
        return id == 0x01ffc9a7 || id == 0x80ac58cd || id == 0x5b5e139f;
    }

    function tokenURI(uint256 id) external view returns (string memory) {
        require(ownerOf[id] != address(0), "ERC721: invalid token ID");
        return string.concat('data:application/json,{"name":"', name, " #", _decimal(id), '","image":"', imageUri, '"}');
    }

    function setApprovalForAll(address operator, bool approved) external {
        isApprovedForAll[msg.sender][operator] = approved;
        emit ApprovalForAll(msg.sender, operator, approved);
    }

    function approve(address to, uint256 id) external {
        address owner = ownerOf[id];
        require(owner == msg.sender || isApprovedForAll[owner][msg.sender], "ERC721: approve caller is not the owner nor approved for all");
        getApproved[id] = to;
        emit Approval(owner, to, id);
    }

    function transferFrom(address from, address to, uint256 id) public {
        require(ownerOf[id] == from && (from == msg.sender || isApprovedForAll[from][msg.sender] || getApproved[id] == msg.sender), "ERC721: caller is not the owner nor approved");
        require(to != address(0), "ERC721: transfer to the zero address");
        getApproved[id] = address(0);
        ownerOf[id] = to;
        balanceOf[from] -= 1;
        balanceOf[to] += 1;
        emit Transfer(from, to, id);
    }

    function safeTransferFrom(address from, address to, uint256 id) external {
        transferFrom(from, to, id);
    }

    function _decimal(uint256 value) private pure returns (string memory) {
        if (value == 0) return "0";
        bytes memory digits;
        for (; value > 0; value /= 10) digits = abi.encodePacked(bytes1(uint8(48 + (value % 10))), digits);
        return string(digits);
    }
}

/// A plain ERC-1155 with one URI for every id; `amounts[i]` of id i+1 minted to the deployer.
contract TestMultiToken {
    string private metadataUri;
    mapping(uint256 => mapping(address => uint256)) public balanceOf;
    mapping(address => mapping(address => bool)) public isApprovedForAll;

    event ApprovalForAll(address indexed owner, address indexed operator, bool approved);

    event TransferSingle(address indexed operator, address indexed from, address indexed to, uint256 id, uint256 value);
    event TransferBatch(address indexed operator, address indexed from, address indexed to, uint256[] ids, uint256[] values);
    event URI(string value, uint256 indexed id);

    constructor(string memory uri_, uint256[] memory amounts) {
        metadataUri = uri_;
        for (uint256 i = 0; i < amounts.length; i++) {
            balanceOf[i + 1][msg.sender] = amounts[i];
            emit TransferSingle(msg.sender, address(0), msg.sender, i + 1, amounts[i]);
        }
    }

    function supportsInterface(bytes4 id) external pure returns (bool) {
        return id == 0x01ffc9a7 || id == 0xd9b67a26 || id == 0x0e89341c;
    }

    function uri(uint256) external view returns (string memory) {
        return metadataUri;
    }

    function setApprovalForAll(address operator, bool approved) external {
        isApprovedForAll[msg.sender][operator] = approved;
        emit ApprovalForAll(msg.sender, operator, approved);
    }

    function safeTransferFrom(address from, address to, uint256 id, uint256 value, bytes calldata) external {
        require(from == msg.sender || isApprovedForAll[from][msg.sender], "ERC1155: caller is not the owner nor approved");
        require(to != address(0), "ERC1155: transfer to the zero address");
        require(balanceOf[id][from] >= value, "ERC1155: insufficient balance");
        balanceOf[id][from] -= value;
        balanceOf[id][to] += value;
        emit TransferSingle(msg.sender, from, to, id, value);
    }

    function safeBatchTransferFrom(address from, address to, uint256[] calldata ids, uint256[] calldata values, bytes calldata) external {
        require(from == msg.sender || isApprovedForAll[from][msg.sender], "ERC1155: caller is not the owner nor approved");
        require(to != address(0), "ERC1155: transfer to the zero address");
        require(ids.length == values.length, "ERC1155: ids and values length mismatch");
        for (uint256 i = 0; i < ids.length; i++) {
            require(balanceOf[ids[i]][from] >= values[i], "ERC1155: insufficient balance");
            balanceOf[ids[i]][from] -= values[i];
            balanceOf[ids[i]][to] += values[i];
        }
        emit TransferBatch(msg.sender, from, to, ids, values);
    }
}

/// A hostile "token" for tests: its balanceOf and tokenURI burn every unit of gas they are given.
contract TestGasBurner {
    function balanceOf(address) external view returns (uint256 n) {
        while (gasleft() > 0) n++;
    }

    function tokenURI(uint256) external view returns (string memory) {
        uint256 n;
        while (gasleft() > 0) n++;
        return "";
    }
}
